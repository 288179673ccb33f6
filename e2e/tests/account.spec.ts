import { expect, test } from './fixtures.ts';
import { accountLink, createCustomer, customerCart, localCounts, loginButton, loginThroughModal, newCustomer, PASSWORD, storedUser, USER_KEY } from './account-utils.ts';
import { shoot } from './utils.ts';
import { addFromProductPage, cartButton, cartLine, cartToken, openMinicart, simpleProducts, type PageGlobals } from './cart-utils.ts';

/** Customer sessions (spec 2 §4 'User session', 'Token lock'; issue 5): register, log in and out, tabs, tokens, the cart. */

test('a shopper registers (the form checks as they type), is logged in, logs out and logs in again', async ({ page, browserProblems }) => {
  browserProblems.expect(/^http 400: POST http:\/\/[^/]+\/api\/user\/create(\?\S*)? /, 'the journey registers the same e-mail address twice');
  browserProblems.expect(/^http 401: POST http:\/\/[^/]+\/api\/user\/login /, 'the journey logs in with a wrong password');
  const customer = newCustomer('Grace');
  await page.goto('/en');
  await loginButton(page).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('dialog', { name: 'Create an account' });

  await register.getByLabel('First name').fill('G');
  await register.getByLabel('Last name').focus();
  await expect(register.getByText('Name must have at least 2 letters')).toBeVisible();
  await register.getByLabel('First name').fill(customer.firstname);
  await expect(register.getByText('Name must have at least 2 letters')).toBeHidden();
  await register.getByLabel('Last name').fill(customer.lastname);
  await register.getByLabel('E-mail address').fill('not-an-address');
  await register.getByLabel('Password', { exact: true }).focus();
  await expect(register.getByText('Please provide valid e-mail address')).toBeVisible();
  await register.getByLabel('E-mail address').fill(customer.email);
  await register.getByLabel('Password', { exact: true }).fill('short');
  await register.getByLabel('Repeat password').fill('other');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByText('Password must have at least 8 letters')).toBeVisible();
  await expect(register.getByText('Passwords must be identical')).toBeVisible();
  await expect(register.getByLabel('Password', { exact: true })).toBeFocused();

  await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await register.getByLabel('Repeat password').fill(PASSWORD);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(accountLink(page, customer.firstname)).toBeVisible();

  // The same e-mail cannot register twice (spec 2 §8).
  await accountLink(page, customer.firstname).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toHaveValue(customer.email);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText("You're logged out")).toBeVisible();
  await expect(page.getByText('You need to be logged in to see this page')).toBeVisible();

  await loginButton(page).click();
  const again = page.getByRole('dialog', { name: 'Log in' });
  await again.getByRole('button', { name: 'Create an account' }).click();
  const second = page.getByRole('dialog', { name: 'Create an account' });
  await second.getByLabel('First name').fill(customer.firstname);
  await second.getByLabel('Last name').fill(customer.lastname);
  await second.getByLabel('E-mail address').fill(customer.email);
  await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await second.getByLabel('Repeat password').fill(PASSWORD);
  await second.getByRole('button', { name: 'Create account' }).click();
  await expect(second.getByRole('alert')).toHaveText('A customer with the same email already exists in an associated website');
  await second.getByRole('button', { name: 'Log in', exact: true }).first().click();

  // A wrong password is refused with the spec's message; the right one logs in.
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('E-mail address').fill(customer.email);
  await login.getByLabel('Password', { exact: true }).fill('wrong password 1');
  await login.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(login.getByRole('alert')).toHaveText('The account sign-in was incorrect or your account is disabled temporarily, wait and try again');
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(accountLink(page, customer.firstname)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
});

test('wrong passwords lead to the captcha step, solved and resent by itself, then to a wait the login button counts down', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 401: POST http:\/\/[^/]+\/api\/user\/login /, 'the journey guesses wrong passwords');
  browserProblems.expect(/^http 403: POST http:\/\/[^/]+\/api\/user\/login /, 'the shop asks for the captcha after three wrong passwords');
  browserProblems.expect(/^http 429: POST http:\/\/[^/]+\/api\/user\/login /, 'the shop makes the pair of address and account wait');
  const customer = await createCustomer(request, newCustomer('Hedy'));
  await page.goto('/en');
  await loginButton(page).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('E-mail address').fill(customer.email);
  const submit = login.getByRole('button', { name: 'Log in', exact: true }).last();
  const wrong = 'The account sign-in was incorrect or your account is disabled temporarily, wait and try again';
  for (let guess = 1; guess <= 3; guess += 1) {
    await login.getByLabel('Password', { exact: true }).fill(`wrong password ${guess}`);
    await submit.click();
    await expect(login.getByRole('alert')).toHaveText(wrong);
    await expect(login.getByText('Checking you are not a robot…')).toHaveCount(0);
  }
  // The fourth: the shop asks for the captcha; the form solves it and sends again without the shopper doing anything.
  const answers: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/user/login')) answers.push(response.status());
  });
  await login.getByLabel('Password', { exact: true }).fill('wrong password 4');
  await submit.click();
  await expect(login.getByRole('status').filter({ hasText: /Checking you are not a robot…|Robot check done\./ })).toBeVisible();
  await shoot(page, 'login-captcha-step', { fullPage: false });
  await expect(login.getByRole('alert')).toHaveText(wrong, { timeout: 30_000 });
  expect(answers).toEqual([403, 401]);
  await expect(login.getByText('Robot check done.')).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'login-captcha-done', { fullPage: false });
  // The fifth goes with a fresh token at once; after it the pair waits.
  await login.getByLabel('Password', { exact: true }).fill('wrong password 5');
  await submit.click();
  await expect(login.getByRole('alert')).toHaveText(wrong, { timeout: 30_000 });
  expect(answers).toEqual([403, 401, 401]);
  await expect(login.getByText('Robot check done.')).toBeVisible({ timeout: 30_000 });
  await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await submit.click();
  await expect(login.getByRole('alert')).toHaveText(/^Too many attempts\. Please try again in (\d+) seconds\.$/);
  expect(answers).toEqual([403, 401, 401, 429]);
  const waiting = login.getByRole('button', { name: /^Try again in 0:\d\d$/ });
  await expect(waiting).toBeDisabled();
  const first = await waiting.textContent();
  await expect(waiting).not.toHaveText(first ?? '');
  await shoot(page, 'login-wait', { fullPage: false });
  // Still waiting: nothing was sent while the button counted down.
  expect(answers).toEqual([403, 401, 401, 429]);
});

test('a login in one tab is followed by the other tab, and so is the logout', async ({ page, context, request }) => {
  const customer = await createCustomer(request);
  await page.goto('/en');
  const other = await context.newPage();
  await other.goto('/en/my-account/orders');
  await expect(other.getByText('You need to be logged in to see this page')).toBeVisible();

  await loginThroughModal(page, customer);
  await expect(accountLink(other, customer.firstname)).toBeVisible();
  await expect(other.getByRole('heading', { level: 2, name: 'My orders' })).toBeVisible();
  await expect(other.getByText('You have not placed any orders yet.')).toBeVisible();

  await other.getByRole('button', { name: 'Log out' }).click();
  await expect(other.getByText("You're logged out")).toBeVisible();
  await expect(loginButton(page)).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test('a guest cart is merged into the customer cart at login: the larger quantity, never the sum', async ({ browser, request }) => {
  const customer = await createCustomer(request);
  const [ring, watch] = await simpleProducts(request, 2);

  // Another device of the customer put the ring in their cart.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/en');
  await loginThroughModal(phonePage, customer);
  await addFromProductPage(phonePage, ring!);
  const phoneUser = (await storedUser(phonePage))!;
  const customerCartId = await cartToken(phonePage);
  await expect.poll(() => customerCart(request, phoneUser.token, customerCartId)).toEqual({ [ring!.sku]: 1 });
  await phone.close();

  // As a guest on this device: the same ring and a watch.
  const laptop = await browser.newContext();
  const page = await laptop.newPage();
  await addFromProductPage(page, ring!);
  await addFromProductPage(page, watch!);
  const guestCart = await cartToken(page);
  await loginThroughModal(page, customer);

  await expect.poll(() => cartToken(page)).toBe(customerCartId);
  expect(guestCart).not.toBe(customerCartId);
  const user = (await storedUser(page))!;
  await expect.poll(() => customerCart(request, user.token, customerCartId)).toEqual({ [ring!.sku]: 1, [watch!.sku]: 1 });
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  await laptop.close();
});

test('an expired access token during a cart change is refreshed, and the change is not lost', async ({ page, request, browserProblems }) => {
  browserProblems.expect(/^http 401: (GET|POST) http:\/\/[^/]+\/api\/(replication\/cart\/(push|pull)|cart\/totals)[? ]/, 'the journey makes the access token run out: the server refuses the calls that carry it (a push, the totals, or a pull that happens to run then), then the token is refreshed');
  const customer = await createCustomer(request);
  const [ring] = await simpleProducts(request, 1);
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await addFromProductPage(page, ring!);
  const cartId = await cartToken(page);
  const before = (await storedUser(page))!;
  await expect.poll(() => customerCart(request, before.token, cartId)).toEqual({ [ring!.sku]: 1 });

  // The access token runs out (the server refuses it from now on).
  await page.evaluate((key) => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    const user = JSON.parse(localStorage.getItem(key)!) as { token: string };
    localStorage.setItem(key, JSON.stringify({ ...user, token: 'expired.access.token' }));
  }, USER_KEY);

  const drawer = await openMinicart(page);
  await cartLine(drawer, ring!.name).getByRole('button', { name: `One more ${ring!.name}` }).click();
  await expect(cartLine(drawer, ring!.name).getByRole('textbox', { name: `Quantity of ${ring!.name}` })).toHaveValue('2');

  // The token lock refreshed the token; the change reached the server with it; the customer is still logged in.
  await expect.poll(async () => (await storedUser(page))?.token).not.toBe('expired.access.token');
  const after = (await storedUser(page))!;
  expect(after.refreshToken).not.toBe(before.refreshToken);
  await expect.poll(() => customerCart(request, after.token, cartId)).toEqual({ [ring!.sku]: 2 });
  await expect(accountLink(page, customer.firstname)).toBeVisible();
});

test('logging out wipes the device (cart, wishlist, compare, checkout drafts) and the server keeps them for the next login', async ({ page, request }) => {
  const customer = await createCustomer(request);
  const [ring] = await simpleProducts(request, 1);
  await page.goto('/en');
  await loginThroughModal(page, customer);
  await addFromProductPage(page, ring!);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.getByRole('button', { name: 'Remove from compare' })).toBeVisible();
  // A checkout draft as checkout writes it (a field typed into personal details).
  await page.evaluate(async () => {
    type Collection = { insert(doc: unknown): Promise<unknown> };
    const devtools = (globalThis as unknown as { __shopDevtools: { cart: { database: { collections: Record<string, Collection> } } } }).__shopDevtools;
    const at = Date.now();
    // Ids of this run only: the shop refuses a write id it has seen, and a retried journey runs against the same shop.
    const { crypto } = globalThis as unknown as { crypto: { randomUUID(): string } };
    await devtools.cart.database.collections.checkoutDrafts!.insert({
      id: `draft-${crypto.randomUUID()}`,
      updatedAt: 0,
      writeId: `write-${crypto.randomUUID()}`,
      personalDetails: { firstName: { value: 'Ada', at, replica: 'e2e' } },
      shippingDetails: {},
      paymentDetails: {},
    });
  });
  await expect.poll(() => localCounts(page)).toEqual({ cart: 1, wishlist: 1, compare: 1, checkoutDrafts: 1 });
  const user = (await storedUser(page))!;
  const cartId = await cartToken(page);
  await expect.poll(() => customerCart(request, user.token, cartId)).toEqual({ [ring!.sku]: 1 });

  await accountLink(page, customer.firstname).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText("You're logged out")).toBeVisible();
  await expect(loginButton(page)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  await expect.poll(() => localCounts(page)).toEqual({ cart: 0, wishlist: 0, compare: 0, checkoutDrafts: 0 });
  expect(await storedUser(page)).toBeNull();
  // The old session's tokens are refused (POST /api/user/logout ended it).
  const refused = await request.get('/api/user/me', { headers: { authorization: `Bearer ${user.token}` } });
  expect(refused.status()).toBe(401);

  // The wipe stayed on this device: logging in again brings the customer's cart and wishlist back.
  await loginThroughModal(page, customer);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
  await expect.poll(async () => (await localCounts(page)).wishlist).toBe(1);
});
