import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CloseIcon } from './drawer.tsx';
import './modal-dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A titled modal on the native <dialog>, with the focus rules written out rather than left to the browser: Tab and
 * Shift+Tab go round the dialog's own controls (the browser's modal lets focus leave for its address bar), Escape
 * closes, focus starts on the first control (or the checked radio of a group) and goes back to the opener on close.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal?.();
      if (!dialog.open) dialog.setAttribute('open', '');
      const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const start = controls.find((control) => control instanceof HTMLInputElement && control.type === 'radio' && control.checked) ?? controls.find((control) => !control.classList.contains('modal-dialog__close')) ?? controls[0];
      start?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
      opener.current = null;
    }
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Radios of one group are one stop: only the checked one (or the first) takes focus by Tab.
    const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((control) => {
      if (!(control instanceof HTMLInputElement) || control.type !== 'radio' || !control.name) return true;
      const group = [...event.currentTarget.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(control.name)}"]`)];
      return control === (group.find((radio) => radio.checked) ?? group[0]);
    });
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape is handled above; the browser's own cancel (a close request) closes through the owner too.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-dialog__panel">
        <div className="modal-dialog__header">
          <h2 id={titleId} className="modal-dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button modal-dialog__close" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </div>
        {open ? children : null}
      </div>
    </dialog>
  );
}
