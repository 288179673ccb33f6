import i18next from 'i18next';
import { notify } from '../../ui/notifications.tsx';
import { newsletterNotification, type NewsletterNotice } from './newsletter-rules.ts';

export function showNewsletterNotice(notice: NewsletterNotice): void {
  const t = i18next.getFixedT(null, 'newsletter');
  notify(newsletterNotification(notice, t), { regionLabel: t('notices.region') });
}
