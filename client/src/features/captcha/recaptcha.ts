/**
 * The reCAPTCHA adapter (CAPTCHA_PROVIDER=recaptcha): Google's script is loaded only in that mode, once, and a token
 * is asked for each time one is needed (reCAPTCHA v3, invisible; a token lives two minutes).
 */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let script: Promise<Grecaptcha> | undefined;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  script ??= new Promise<Grecaptcha>((resolve, reject) => {
    const element = document.createElement('script');
    element.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    element.async = true;
    element.onload = () => {
      const api = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (api) api.ready(() => resolve(api));
      else reject(new Error('reCAPTCHA did not start'));
    };
    element.onerror = () => {
      script = undefined;
      element.remove();
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(element);
  });
  return script;
}

export async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  const api = await loadScript(siteKey);
  return api.execute(siteKey, { action });
}
