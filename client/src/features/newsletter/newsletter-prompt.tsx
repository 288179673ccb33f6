/**
 * Watches the visit for the moment the newsletter modal may appear (engagement.ts) and then loads and opens it; the
 * answer (dismissed or subscribed) is remembered on the device, so it is offered once. Mounted by the layout's
 * extras after the first paint; the modal's code and texts load only when it is about to show.
 */
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { parseAnswer, parseEngagement, PROMPT_RULES, shouldPrompt, type Engagement, type PromptAnswer } from './engagement.ts';

const NewsletterModal = lazy(() => import('./newsletter-modal.tsx'));

export const ENGAGEMENT_KEY = 'shop.newsletter.engagement';
export const ANSWER_KEY = 'shop.newsletter.prompt';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage refused: the visit still counts in memory.
  }
}

const session = () => sessionStorage;
const local = () => localStorage;

function update(change: (engagement: Engagement) => Engagement): Engagement {
  const next = change(parseEngagement(read(session, ENGAGEMENT_KEY)));
  write(session, ENGAGEMENT_KEY, JSON.stringify(next));
  return next;
}

export default function NewsletterPrompt() {
  const path = useRouterState({ select: (state) => state.location.pathname });
  const [answer, setAnswer] = useState<PromptAnswer>(() => parseAnswer(read(local, ANSWER_KEY)));
  const [open, setOpen] = useState(false);

  // Every page seen counts, whether opened by a link in the shop or loaded afresh.
  useEffect(() => {
    update((current) => ({ ...current, pageViews: current.pageViews + 1 }));
  }, [path]);

  // Time counts only while the shop is in view; each tick asks whether the moment has come.
  useEffect(() => {
    if (answer !== null || open) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      const engagement = update((current) => ({ ...current, visibleMs: current.visibleMs + PROMPT_RULES.tickMs }));
      if (shouldPrompt(engagement, parseAnswer(read(local, ANSWER_KEY)), window.location.pathname)) setOpen(true);
    }, PROMPT_RULES.tickMs);
    return () => clearInterval(timer);
  }, [answer, open]);

  // Remembered at once (a subscriber who reloads is not asked again); the modal stays until closed.
  const remember = (result: Exclude<PromptAnswer, null>) => {
    if (parseAnswer(read(local, ANSWER_KEY)) !== 'subscribed') write(local, ANSWER_KEY, result);
  };
  const close = () => {
    remember('dismissed');
    setAnswer(parseAnswer(read(local, ANSWER_KEY)) ?? 'dismissed');
    setOpen(false);
  };
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterModal onSubscribed={() => remember('subscribed')} onClose={close} />
    </Suspense>
  );
}
