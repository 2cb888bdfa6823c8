/** /modules: the Training Modules list. */
export function Component() {
  return <h1 className="page-title">Training Modules</h1>;
}
