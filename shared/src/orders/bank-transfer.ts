/**
 * Bank transfer instructions (issue 12): the shop's bank account (configured), the amount and the reference the
 * shopper transfers with, shown on the thank-you page, in the order mail and in My orders. The reference is the order
 * number, so the shop can match the transfer to the order.
 */
export interface BankAccount {
  account_holder: string;
  /** Stored without spaces, upper case. */
  iban: string;
  bic: string;
}

export interface BankTransferInstructions extends BankAccount {
  /** The order's grand total, in major units. */
  amount: number;
  currency: string;
  reference: string;
}

/** Upper case without spaces: 'nl91 abna 0417 1643 00' -> 'NL91ABNA0417164300'. */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Whether an IBAN is well formed and its check digits are right (ISO 13616, mod 97). */
export function ibanValid(iban: string): boolean {
  const value = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(value)) return false;
  const digits = `${value.slice(4)}${value.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** The IBAN in groups of four, as banks print it: 'NL91 ABNA 0417 1643 00'. */
export function formatIban(iban: string): string {
  return normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

export function bankTransferInstructions(account: BankAccount, order: { grand_total: number; currency: string; increment_id: string }): BankTransferInstructions {
  return { ...account, iban: normaliseIban(account.iban), amount: order.grand_total, currency: order.currency, reference: order.increment_id };
}
