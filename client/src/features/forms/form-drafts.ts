/**
 * What a shopper typed into a form, kept per form and store with the id of the task it is (or will be) sent as
 * (localStorage `shop.forms.<key>`), so a reload shows the waiting inquiry and a later refusal still finds the values.
 * Small and dependency-free: the task queue clears the draft of a task the shop accepted, whoever tells the outcome.
 */
export interface FormDraft {
  taskId: string;
  values: Record<string, string>;
}

const DRAFT_PREFIX = 'shop.forms.';

export function readDraft(key: string): FormDraft | null {
  try {
    const value = JSON.parse(localStorage.getItem(DRAFT_PREFIX + key) ?? 'null') as Partial<FormDraft> | null;
    return value && typeof value.taskId === 'string' && typeof value.values === 'object' && value.values !== null ? (value as FormDraft) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: FormDraft | null): void {
  try {
    if (draft) localStorage.setItem(DRAFT_PREFIX + key, JSON.stringify(draft));
    else localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Private mode may refuse storage: the task itself still holds the inquiry.
  }
}

/** The shop accepted task `taskId`: the draft it was sent from is done (reopening the form shows an empty one). */
export function forgetDraftOfTask(taskId: string): void {
  try {
    for (let index = localStorage.length - 1; index >= 0; index--) {
      const key = localStorage.key(index);
      if (!key?.startsWith(DRAFT_PREFIX)) continue;
      if (readDraft(key.slice(DRAFT_PREFIX.length))?.taskId === taskId) localStorage.removeItem(key);
    }
  } catch {
    // Storage unreadable: nothing to forget.
  }
}
