/**
 * Units form a tree by their text: "655 ISRW/Det 2" is under "655 ISRW". A unit's key in that
 * tree (its path) is its segments, split at '/', trimmed and lower-cased, joined by '/' with a
 * '/' after the last one; '' for no unit. The database's unit_path() (migration 0039) is the same.
 */
export function unitPath(unit: string): string {
  const trimmed = unit.replace(/^\s+|\s+$/g, '');
  return trimmed === '' ? '' : `${trimmed.replace(/\s*\/\s*/g, '/').toLowerCase()}/`;
}

/** True when `unit` is `scope` or under it (a unit of no text is under none). */
export function isUnitWithin(unit: string, scope: string): boolean {
  const path = unitPath(unit);
  const top = unitPath(scope);
  return top !== '' && path.startsWith(top);
}

/** The unit's segments as written, trimmed: "655 ISRW / Det 2" is ["655 ISRW", "Det 2"]. */
export function unitSegments(unit: string): string[] {
  return unit.split('/').map((s) => s.trim());
}

interface TreeNode {
  path: string;
  unit: string;
  /** The users of the spelling named `unit`: the most common one names the node. */
  named: number;
  users: number;
  total: number;
  depth: number;
  children: Map<string, TreeNode>;
}

/**
 * The units as a tree, in order: each unit followed by those under it, those of one level ordered
 * case-insensitively (then exactly). Spellings of one unit ("655 ISRW", "655 isrw") are one unit,
 * named as most of its users have it; a unit no user is in but some are under is added, with 0
 * users of its own. `total` counts the unit's users and those of every unit under it.
 */
export function unitTree(units: readonly { unit: string; users: number }[]): {
  unit: string;
  users: number;
  total: number;
  depth: number;
}[] {
  const root: TreeNode = { path: '', unit: '', named: 0, users: 0, total: 0, depth: -1, children: new Map() };
  for (const { unit, users } of units) {
    const segments = unitSegments(unit);
    if (unitPath(unit) === '') continue;
    let node = root;
    segments.forEach((_, i) => {
      const text = segments.slice(0, i + 1).join('/');
      const path = unitPath(text);
      let child = node.children.get(path);
      if (!child) {
        child = { path, unit: text, named: 0, users: 0, total: 0, depth: i, children: new Map() };
        node.children.set(path, child);
      }
      child.total += users;
      node = child;
    });
    node.users += users;
    if (users > node.named) {
      node.unit = unit;
      node.named = users;
    }
  }
  const order = (a: TreeNode, b: TreeNode) => {
    const x = a.unit.toLowerCase();
    const y = b.unit.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0;
  };
  const out: { unit: string; users: number; total: number; depth: number }[] = [];
  const walk = (node: TreeNode) => {
    for (const child of [...node.children.values()].sort(order)) {
      out.push({ unit: child.unit, users: child.users, total: child.total, depth: child.depth });
      walk(child);
    }
  };
  walk(root);
  return out;
}
