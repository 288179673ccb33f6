import { useEffect, useId, useRef } from 'react';
import './confirm-dialog.css';

/**
 * A question with two answers on the native modal <dialog>: the browser traps focus, Escape answers "cancel" and
 * focus returns to the opener. Focus starts on the cancel button, so a stray Enter never confirms a removal.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  /** What the question is about (e.g. the item's name), shown under it. */
  detail?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal?.();
      cancel.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onClose={(event) => {
        // React passes `close` on to the dialogs around this one (a drawer): it is this dialog's alone.
        event.stopPropagation();
        if (open) onCancel();
      }}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={messageId} className="confirm-dialog__message">
        {message}
      </p>
      {detail ? <p className="confirm-dialog__detail">{detail}</p> : null}
      <div className="confirm-dialog__actions">
        <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
