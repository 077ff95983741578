// Uploads still on their way, counted for the form that holds them: a form must not start a
// generation while an image it shows is being uploaded (the run would go without it).
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";

export const PendingUploads = createContext(null);

/** For the form's owner: `pending` while any upload inside `<PendingUploads.Provider
 * value={tracker}>` runs. */
export function usePendingUploads() {
  const [count, setCount] = useState(0);
  const tracker = useMemo(
    () => ({
      begin() {
        setCount((n) => n + 1);
        let ended = false;
        return () => {
          if (ended) return;
          ended = true;
          setCount((n) => n - 1);
        };
      },
    }),
    [],
  );
  return { pending: count > 0, tracker };
}

/** For an upload widget: `begin()` marks an upload as started and returns its `end()`; one
 * still running when the widget goes away ends with it. */
export function useUploadTracking() {
  const tracker = useContext(PendingUploads);
  const end = useRef(null);
  useEffect(() => () => end.current?.(), []);
  return {
    begin() {
      end.current?.();
      end.current = tracker?.begin() ?? null;
    },
    end() {
      end.current?.();
      end.current = null;
    },
  };
}
