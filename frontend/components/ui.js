// Shared class lists, so every island looks alike in light and dark.
export const card =
  "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";
// An invalid control is marked by its aria-invalid="true" (as the server-rendered forms are):
// a variant outranks the plain border colour, where a second border class would not.
export const input =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/30 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:aria-invalid:border-red-500";
export const label = "block text-sm font-medium text-slate-700 dark:text-slate-200";
export const help = "mt-1 text-xs text-slate-500 dark:text-slate-400";
export const fieldError = "mt-1 text-sm text-red-600 dark:text-red-400";
export const buttonPrimary =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:bg-slate-400 dark:focus-visible:ring-offset-slate-900 dark:disabled:bg-slate-700";
export const buttonSecondary =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800";
export const buttonSmall =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";
export const heading2 = "text-lg font-semibold text-slate-900 dark:text-white";
export const muted = "text-sm text-slate-600 dark:text-slate-400";
// Where generated or user-provided text is shown (results, history entries, failures): a long
// unbroken token, such as a tracking URL, breaks anywhere instead of widening its card and the
// page. overflow-wrap is inherited, so this goes on the container; `anywhere` (not
// `break-word`) also lowers the container's min-content width, so a flex or grid track holding
// it can shrink too. min-w-0 lets the container itself shrink when it is a flex or grid item.
// Each element holding such text (not the container: its direction would follow the heading)
// and each input a user writes free text in also gets dir="auto", so Hebrew or Arabic reads from
// the right; e-mail, URL, number and date inputs stay left to right.
export const userText = "min-w-0 wrap-anywhere";
