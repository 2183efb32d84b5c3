// The toolbar's short word after an action ("Link copied"): it fades after a moment by itself.
import { useEffect, useState } from 'react';

export function useStatus(): [string, (text: string) => void] {
  const [status, setStatus] = useState('');
  useEffect(() => {
    if (!status) return;
    const t = window.setTimeout(() => setStatus(''), 2400);
    return () => window.clearTimeout(t);
  }, [status]);
  return [status, setStatus];
}
