/**
 * A form sent as a sync task (spec 2 §4, §7): the task id is made when the form opens, so a double click or a second
 * submit is the same task (the server makes it once). The page follows its task: while it waits (offline, or before
 * the shop answered) the inquiry is saved on this device; `sent` shows the success text; `failed` puts the shop's
 * refusal back on the form with everything the shopper typed and picked. What was typed is kept with the task id
 * (localStorage), so a reload shows the waiting inquiry and a later refusal still finds the values.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { isShopOnline, onShopOnline } from '../../app/network.ts';
import { acknowledgeTask, enqueueTask, taskPhotos, watchTask, type TaskKind, type TaskPhoto, type TaskView } from '../sync/task-queue.ts';
import { readDraft, writeDraft } from './form-drafts.ts';

export type SubmissionState =
  | { state: 'editing' }
  /** Saved on this device; `offline` while the shop cannot be reached. */
  | { state: 'waiting'; offline: boolean }
  | { state: 'sent' };

/** The refusal of a failed task, as the API layer would have thrown it (a 400's `details.fields` included). */
export function taskRefusal(view: TaskView): ApiError {
  return new ApiError(view.resultCode ?? 0, view.error?.code ?? 'error', view.error?.message ?? '', view.error?.details);
}

export interface FormTaskOptions {
  kind: TaskKind;
  /** Where the draft is kept: one per form and store (`contact:nl`). */
  draftKey: string;
  /** A waiting or refused inquiry found at open: the values (and pictures) it was sent with. */
  onRestore(values: Record<string, string>, photos: TaskPhoto[]): void;
  /** The shop refused the inquiry: put it on the form (the values are still there). */
  onRefused(error: ApiError): void;
  auth?: 'public' | 'customer';
}

export interface FormTask {
  submission: SubmissionState;
  /** Queues the inquiry; resolves once it is stored on this device. */
  submit(request: { url: string; body: unknown; values: Record<string, string>; photos?: TaskPhoto[] }): Promise<void>;
  /** After the success text: a new, empty inquiry. */
  startOver(): void;
}

export function useFormTask(options: FormTaskOptions): FormTask {
  // The page's latest callbacks, for the task's answers (which come after any render).
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });
  const [taskId, setTaskId] = useState(() => readDraft(options.draftKey)?.taskId ?? crypto.randomUUID());
  const [watching, setWatching] = useState(() => readDraft(options.draftKey) !== null);
  const [submission, setSubmission] = useState<SubmissionState>({ state: 'editing' });
  const [online, setOnline] = useState(isShopOnline);
  useEffect(() => onShopOnline(setOnline), []);

  // A draft from before a reload: its values go back on the form at once, its pictures once read.
  useEffect(() => {
    const draft = readDraft(options.draftKey);
    if (!draft) return;
    void taskPhotos(draft.taskId)
      .catch((error: unknown) => {
        console.error('The pictures of a waiting inquiry could not be read', error);
        return [];
      })
      .then((photos) => optionsRef.current.onRestore(draft.values, photos));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft found at open
  }, []);

  useEffect(() => {
    if (!watching) return;
    let done = false;
    const stop = watchTask(taskId, (view) => {
      if (done) return;
      if (view === null) {
        // Gone: another tab (or the announcer) showed its outcome, or it was never stored. The form is the
        // shopper's again, under a new task id (the old one would only replay the first answer).
        done = true;
        const draft = readDraft(optionsRef.current.draftKey);
        const next = crypto.randomUUID();
        writeDraft(optionsRef.current.draftKey, draft ? { taskId: next, values: draft.values } : null);
        setSubmission({ state: 'editing' });
        setWatching(false);
        setTaskId(next);
        return;
      }
      if (view.status === 'sent') {
        done = true;
        writeDraft(optionsRef.current.draftKey, null);
        setSubmission({ state: 'sent' });
        void acknowledgeTask(view.id);
        return;
      }
      if (view.status === 'failed') {
        done = true;
        const refusal = taskRefusal(view);
        // The next submit is a new task: a refused one is final (its id would only replay the refusal).
        const next = crypto.randomUUID();
        const draft = readDraft(optionsRef.current.draftKey);
        void taskPhotos(view.id)
          .catch((error: unknown) => {
            console.error('The pictures of a refused inquiry could not be read', error);
            return [];
          })
          .then((kept) => {
            // The pictures go with the next task: new ids, as the shop knows the old ones as the refused task's.
            const photos = kept.map((photo) => ({ ...photo, id: crypto.randomUUID() }));
            if (draft) optionsRef.current.onRestore(draft.values, photos);
            writeDraft(optionsRef.current.draftKey, draft ? { taskId: next, values: draft.values } : null);
            optionsRef.current.onRefused(refusal);
            setSubmission({ state: 'editing' });
            setWatching(false);
            setTaskId(next);
            void acknowledgeTask(view.id);
          });
        return;
      }
      setSubmission({ state: 'waiting', offline: view.reason === 'offline' });
    });
    return () => {
      done = true;
      stop();
    };
  }, [taskId, watching]);

  const submit = useCallback<FormTask['submit']>(
    async ({ url, body, values, photos }) => {
      const { kind, draftKey, auth = 'public' } = optionsRef.current;
      writeDraft(draftKey, { taskId, values });
      await enqueueTask({ taskId, kind, url, body, auth, captcha: auth === 'public', callbackEvent: 'forms:inquirySubmitted', ...(photos?.length ? { photos } : {}) });
      setSubmission({ state: 'waiting', offline: !isShopOnline() });
      setWatching(true);
    },
    [taskId],
  );

  const startOver = useCallback(() => {
    writeDraft(optionsRef.current.draftKey, null);
    setWatching(false);
    setTaskId(crypto.randomUUID());
    setSubmission({ state: 'editing' });
  }, []);

  return {
    submission: submission.state === 'waiting' ? { state: 'waiting', offline: submission.offline || !online } : submission,
    submit,
    startOver,
  };
}

/** The address of a form's call, in the shopper's store and language (the mails follow them). */
export function formUrl(path: string, store: string, language: string): string {
  return `${path}?${new URLSearchParams({ storeCode: store, language }).toString()}`;
}
