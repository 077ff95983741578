// Its own module: the result views and history entries that show it load on demand, and so
// does it (Cards.jsx is in every tool page's first load).

/** A website analysis's key/value fields (lib/output.js outputParts' `fields`), each in its own
 * text direction. A long key takes at most 40% of the row: max-content alone could leave its
 * value no room. `compact`: the tighter spacing of a history entry. */
export default function FieldList({ fields, compact = false, ...rest }) {
  return (
    <dl
      className={`grid text-sm sm:grid-cols-[fit-content(40%)_minmax(0,1fr)] ${compact ? "gap-x-4 gap-y-1" : "gap-x-6 gap-y-2"}`}
      {...rest}
    >
      {fields.map(([key, value]) => (
        <div key={key} className="contents">
          <dt dir="auto" className={`font-medium ${compact ? "" : "text-slate-700 dark:text-slate-300"}`}>
            {key}
          </dt>
          <dd dir="auto" className={`whitespace-pre-line ${compact ? "text-slate-700 dark:text-slate-300" : "text-slate-900 dark:text-slate-100"}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
