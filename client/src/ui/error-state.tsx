export function ErrorState({ title, message, retryLabel, onRetry }: { title: string; message?: string | undefined; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__title">{title}</p>
      {message ? <p className="error-state__message">{message}</p> : null}
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
