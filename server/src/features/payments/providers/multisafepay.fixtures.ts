/**
 * Recorded MultiSafepay API answers, written from the shapes in MultiSafepay's public documentation (orders,
 * gateways, iDEAL issuers, webhook). Ids and amounts are examples, except the notification test vector below.
 */

export function mspCreated(orderId: string) {
  return {
    success: true,
    data: {
      order_id: orderId,
      payment_url: `https://testpayv2.multisafepay.com/connect/82WVpBgzwEnkdOqA3z7h4ng9y1MkuGbzc0k/?lang=nl_NL`,
      session_id: 'bnrtyubl7xwmqzpe6spt3c0n',
    },
  };
}

export function mspOrder(orderId: string, status: string, amount = 125000) {
  return {
    success: true,
    data: {
      amount,
      amount_refunded: 0,
      costs: [],
      created: '2026-06-15T12:00:00',
      currency: 'EUR',
      custom_info: { custom_1: null, custom_2: null, custom_3: null },
      customer: { locale: 'nl_NL', email: 'jane@example.com' },
      description: 'Order 000000001',
      fastcheckout: 'NO',
      financial_status: status,
      items: null,
      modified: '2026-06-15T12:03:00',
      order_id: orderId,
      payment_details: { external_transaction_id: '3924195754138182', type: 'IDEAL' },
      payment_methods: [{ amount, currency: 'EUR', description: 'Order 000000001', payment_description: 'iDEAL', status, type: 'IDEAL' }],
      reason: '',
      reason_code: '',
      status,
      transaction_id: 8996625,
      var1: null,
      var2: null,
      var3: null,
    },
  };
}

export const MSP_GATEWAYS = {
  success: true,
  data: [
    { id: 'IDEAL', description: 'iDEAL' },
    { id: 'VISA', description: 'Visa' },
    { id: 'PAYPAL', description: 'PayPal' },
  ],
};

export const MSP_IDEAL_ISSUERS = {
  success: true,
  data: [
    { code: '0031', description: 'ABN AMRO' },
    { code: '0721', description: 'ING' },
    { code: '0021', description: 'Rabobank' },
  ],
};

export const MSP_INVALID_API_KEY = { success: false, data: {}, error_code: 1032, error_info: 'Invalid API key' };

/**
 * The notification test vector of MultiSafepay's webhook documentation: the API key used as HMAC key, the `Auth`
 * header it shows, and the exact payload the signature covers (including its one space after a comma).
 */
export const MSP_DOCUMENTED_API_KEY = '8HHhGgRWrA3O7NswjmgwyH7buPPCGnR5AkwAQyqI';
export const MSP_DOCUMENTED_AUTH =
  'MTY0MTIxODg4NDowNmNiZjIyNmU3Yzg3M2VmZjk2OTIxZDdmZGUzOTk4ZWI2YmUwZGU3OTE1ZWUxYzFiNTE0OTUxMWZjYTgyZTI2YmIwYWIyZTZkMGUwYWQ5OTdjYmFiMTUxZTRiYTU2MTU0MThkOGUxMjUyODMwMTcyNjE0M2VkMTE0NjI4N2Y5Mw==';
export const MSP_DOCUMENTED_TIMESTAMP = 1641218884;
export const MSP_DOCUMENTED_PAYLOAD =
  '{"amount":1000,"amount_refunded":0,"costs":[{"amount":0.49,"description":"0.49 For iDEAL Transactions","transaction_id":"123456789","type":"SYSTEM"}],"created":"2022-01-03T15:08:02","currency":"EUR","custom_info":{"custom_1":null,"custom_2":null,"custom_3":null},"customer":{"address1":null,"address2":null,"city":null,"country":null,"country_name":null,"email":"","first_name":null,"house_number":null,"last_name":null,"locale":"en_US","phone1":null,"phone2":"","state":null,"zip_code":null},"description":"product description","fastcheckout":"NO","financial_status":"initialized","items":null,"modified":"2022-01-03T15:08:02","order_id":"my-order-id", "payment_details":{"account_holder_name":null,"account_iban":"https://example.com","account_id":null,"external_transaction_id":"123456789","issuer_id":"3151","recurring_flow":null,"recurring_id":null,"recurring_model":null,"type":"IDEAL"},"payment_methods":[{"amount":1000,"currency":"EUR","description":"product description","external_transaction_id":"123456789","payment_description":"iDEAL","status":"initialized","type":"IDEAL"}],"reason":"","reason_code":"","related_transactions":null,"status":"initialized","transaction_id":"123456789","var1":null,"var2":null,"var3":null}';

/** Every order status MultiSafepay documents. */
export const MSP_STATUSES = ['initialized', 'completed', 'uncleared', 'reserved', 'declined', 'cancelled', 'void', 'expired', 'refunded', 'partial_refunded', 'chargedback', 'shipped'] as const;
