/** Where this browser keeps its server cart token (localStorage): the cart runtime and the customer session read it. */
export const TOKEN_KEY = 'shop.cart.token';
