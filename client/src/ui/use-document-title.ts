import { useEffect } from 'react';

export function useDocumentTitle(title: string | undefined, suffix: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${suffix}` : suffix;
  }, [title, suffix]);
}
