/**
 * "E-mail me the invoice" on an order in my-account (spec 2 §7 `send-invoice`): a customer task (the token is added
 * when it is sent), so a request made offline goes out with the connection; the outcome is shown beside the button.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { acknowledgeTask, enqueueTask, watchTask } from '../sync/task-queue.ts';
import { refusalText } from './form-parts.tsx';
import { formUrl, taskRefusal } from './form-submission.ts';
import { useFormsTexts } from './forms-texts.ts';

type Shown = { state: 'idle' } | { state: 'busy' } | { state: 'waiting' } | { state: 'sent' } | { state: 'failed'; message: string };

export function SendInvoiceButton({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const ready = useFormsTexts();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>({ state: 'idle' });

  useEffect(() => {
    if (!taskId) return;
    return watchTask(taskId, (view) => {
      if (!view) return;
      if (view.status === 'sent') {
        setShown({ state: 'sent' });
        void acknowledgeTask(view.id);
      } else if (view.status === 'failed') {
        setShown({ state: 'failed', message: refusalText(taskRefusal(view), t) });
        setTaskId(null);
        void acknowledgeTask(view.id);
      } else if (view.reason === 'offline') setShown({ state: 'waiting' });
    });
  }, [taskId, t]);

  if (!ready) return null;
  const send = async () => {
    setShown({ state: 'busy' });
    const id = crypto.randomUUID();
    try {
      await enqueueTask({
        taskId: id,
        kind: 'sendInvoice',
        url: `${formUrl('/api/forms/send-invoice', store, i18n.language)}&token={{token}}`,
        body: { order_id: orderId },
        auth: 'customer',
        callbackEvent: 'forms:sendInvoice.sent',
      });
      setTaskId(id);
    } catch (error) {
      setShown({ state: 'failed', message: refusalText(error, t) });
    }
  };
  return (
    <div className="send-invoice">
      <button type="button" className="button button--secondary" disabled={shown.state === 'busy' || shown.state === 'sent'} aria-busy={shown.state === 'busy' || undefined} onClick={() => void send()}>
        {t('sendInvoice.button', { ns: 'forms' })}
      </button>
      <div role="status" className="send-invoice__status">
        {shown.state === 'sent' ? <p className="problem-note problem-note--success">{t('sendInvoice.sent', { ns: 'forms' })}</p> : null}
        {shown.state === 'waiting' ? <p className="problem-note">{t('sendInvoice.queued', { ns: 'forms' })}</p> : null}
        {shown.state === 'failed' ? <p className="problem-note">{shown.message}</p> : null}
      </div>
    </div>
  );
}
