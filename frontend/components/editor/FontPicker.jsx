import { useEffect, useId, useRef, useState } from "react";
import { FONT_NAMES, cssFamily, loadFont } from "../../lib/fonts.js";
import * as ui from "../ui.js";

/** A listbox of the 40 bundled fonts, each name shown in its own face. The faces load when
 * the list first opens (about 20 KB each), not with the page. */
export default function FontPicker({ id, value, onChange, labelledBy }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(Math.max(0, FONT_NAMES.indexOf(value)));
  const listId = useId();
  const buttonRef = useRef(null);
  const listRef = useRef(null);
  const typed = useRef({ text: "", at: 0 });

  useEffect(() => {
    loadFont(value).catch(() => {}); // the button shows the current font in its face
  }, [value]);

  useEffect(() => {
    if (!open) return undefined;
    for (const name of FONT_NAMES) loadFont(name).catch(() => {});
    listRef.current?.focus();
    const onPointerDown = (event) => {
      if (!listRef.current?.contains(event.target) && !buttonRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [open, active]);

  const show = () => {
    setActive(Math.max(0, FONT_NAMES.indexOf(value)));
    setOpen(true);
  };
  const choose = (name) => {
    onChange(name);
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onListKeyDown = (event) => {
    const last = FONT_NAMES.length - 1;
    const moves = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: last, PageDown: active + 8, PageUp: active - 8 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, moves[event.key])));
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      choose(FONT_NAMES[active]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation(); // closes the list, not the editor
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // type-ahead: jump to the first font starting with what was typed in the last second
      const now = Date.now();
      typed.current = { text: (now - typed.current.at < 1000 ? typed.current.text : "") + event.key.toLowerCase(), at: now };
      const found = FONT_NAMES.findIndex((n) => n.toLowerCase().startsWith(typed.current.text));
      if (found >= 0) setActive(found);
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        id={id}
        type="button"
        className={`${ui.input} flex items-center justify-between text-left`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelledBy} ${id}`}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            show();
          }
        }}
        style={{ fontFamily: cssFamily(value) }}
      >
        <span className="truncate">{value}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-slate-500" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelledBy}
          aria-activedescendant={`${listId}-${active}`}
          onKeyDown={onListKeyDown}
          className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {FONT_NAMES.map((name, index) => (
            <li
              key={name}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={name === value}
              onPointerEnter={() => setActive(index)}
              onClick={() => choose(name)}
              style={{ fontFamily: cssFamily(name) }}
              className={`flex cursor-pointer items-center justify-between px-3 py-1.5 text-base ${
                index === active ? "bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white" : "text-slate-800 dark:text-slate-200"
              }`}
            >
              {name}
              {name === value && (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-brand-600" fill="currentColor">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
