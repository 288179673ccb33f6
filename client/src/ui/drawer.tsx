import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A slide-over panel on the native <dialog>: the browser traps focus, closes on Escape and restores focus to
 * the opener, so the drawer stays keyboard-usable without a focus library.
 */
export function Drawer({
  open,
  onClose,
  title,
  closeLabel,
  side = 'left',
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  side?: 'left' | 'right';
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`drawer drawer--${side}`}
      aria-label={title}
      onClose={(event) => {
        // A dialog opened inside the drawer (a confirmation) closing is not the drawer closing.
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="drawer__panel">
        <div className="drawer__header">
          <h2 className="drawer__title">{title}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </div>
        <div className="drawer__body">{children}</div>
        {footer ? <div className="drawer__footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}

export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
