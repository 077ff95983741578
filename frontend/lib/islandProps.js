/** An island's props: the JSON in the `json_script` element its `data-props` names
 * (config/templatetags/ui.py writes both). */
export function islandProps(el) {
  const source = el.dataset.props && document.getElementById(el.dataset.props);
  return source ? JSON.parse(source.textContent) : {};
}
