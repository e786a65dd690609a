// Ctrl+S (Cmd+S on a Mac) saves the editor on screen, as in any desktop editor, instead of the
// browser's "save page as". Every admin editor uses this one hook.
import { useEffect, useRef } from "react";

export function useSaveShortcut(save: () => void): void {
  // The latest save, so the listener is attached once and still sees the current form.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        // A second press while a key is held down is not a second save.
        if (!event.repeat) saveRef.current();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
