/**
 * The payment flow's progress indicator ('Creating payment request...'): a small status panel over the page while the
 * payment is created and the browser leaves for the provider. Plain DOM, so the flow needs no React root of its own.
 */
import './payment.css';

let panel: HTMLElement | null = null;

export function showPaymentProgress(text: string): void {
  if (typeof document === 'undefined') return;
  if (!panel) {
    panel = document.createElement('div');
    panel.className = 'payment-progress';
    panel.setAttribute('role', 'status');
    panel.setAttribute('aria-live', 'polite');
    const box = document.createElement('div');
    box.className = 'payment-progress__box';
    const spinner = document.createElement('span');
    spinner.className = 'payment-progress__spinner';
    spinner.setAttribute('aria-hidden', 'true');
    const label = document.createElement('span');
    label.className = 'payment-progress__text';
    box.append(spinner, label);
    panel.append(box);
    document.body.append(panel);
  }
  panel.querySelector('.payment-progress__text')!.textContent = text;
  document.body.setAttribute('aria-busy', 'true');
}

export function hidePaymentProgress(): void {
  panel?.remove();
  panel = null;
  if (typeof document !== 'undefined') document.body.removeAttribute('aria-busy');
}
