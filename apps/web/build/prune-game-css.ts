/**
 * Drops from the game's stylesheet (styles/game.scss) the rules of the Carbon variants the game
 * never renders. Its components' Sass (tile, data table, tag, radio button, form) emits every
 * variant: selectable, clickable and expandable tiles, sticky-header, sortable and expandable
 * tables, checkbox columns, coloured and dismissible tags, AI-label decorations. The game draws
 * plain tiles, small tables, the magenta tag, radio groups and buttons (packages/game/src), and
 * the route adds a progress bar; the rest, half of the sheet, downloaded on the trainee's first
 * screen for nothing. A selector of a rule that names one of these variants goes; a rule with no
 * selector left goes, and an at-rule with no rule left.
 */
import type { AtRule, Container, Plugin, Rule } from 'postcss';

/** Carbon classes (after `.cds--`) the game never puts on a page: whole names, or families (`[\w-]*`). */
const UNUSED = new RegExp(
  String.raw`\.cds--(` +
    [
      'tile--decorator',
      'tile--slug',
      'tile--ai-label',
      String.raw`tile-group[\w-]*`,
      String.raw`tile-input[\w-]*`,
      'tile__chevron',
      String.raw`selectable-tile[\w-]*`,
      String.raw`radio-tile[\w-]*`,
      String.raw`clickable-tile[\w-]*`,
      String.raw`expandable-tile[\w-]*`,
      'data-table--sticky-header',
      'data-table--zebra',
      'data-table--(xs|md|lg|xl)',
      'data-table--static',
      'data-table--visible-overflow-menu',
      'data-table--selected',
      'data-table--sort',
      'data-table--expandable',
      String.raw`data-table-header[\w-]*`,
      String.raw`data-table-content[\w-]*`,
      String.raw`data-table__[\w-]+`,
      String.raw`table-sort[\w-]*`,
      String.raw`table-expand[\w-]*`,
      'table-column-(checkbox|radio|menu)',
      String.raw`parent-row[\w-]*`,
      String.raw`expandable-row[\w-]*`,
      String.raw`checkbox[\w-]*`,
      'radio-button-group--(decorator|slug)',
      'radio-button-wrapper--(decorator|slug)',
      'tag--(filter|selectable|operational|interactive|skeleton|high-contrast|outline|md|lg)',
      'tag--(red|blue|cyan|teal|green|gray|cool-gray|warm-gray|purple)',
      'tag__close',
      String.raw`ai-label[\w-]*`,
      String.raw`slug[\w-]*`,
      String.raw`toggletip[\w-]*`,
      String.raw`popover[\w-]*`,
      String.raw`overflow-menu[\w-]*`,
      String.raw`batch[\w-]*`,
      String.raw`toolbar[\w-]*`,
      String.raw`search[\w-]*`,
      String.raw`skeleton[\w-]*`,
    ].join('|') +
    String.raw`)(?![\w-])`,
);

/** `selector` with the selectors in its list that name an unused Carbon variant taken out ('' if none is left). */
export function keptSelector(selector: string): string {
  return selector
    .split(',')
    .filter((one) => !UNUSED.test(one))
    .join(',');
}

function prune(container: Container): void {
  container.each((node) => {
    if (node.type === 'rule') {
      const rule = node as Rule;
      const kept = keptSelector(rule.selector);
      if (kept.trim() === '') rule.remove();
      else if (kept !== rule.selector) rule.selector = kept;
    } else if (node.type === 'atrule' && (node as AtRule).nodes) {
      const atRule = node as AtRule;
      prune(atRule);
      if (atRule.nodes?.length === 0) atRule.remove();
    }
  });
}

/** The PostCSS plugin: prunes the stylesheets whose file name matches `file` only. */
export function pruneGameCss(file: RegExp = /[\\/]styles[\\/]game\.scss$/): Plugin {
  return {
    postcssPlugin: 'prune-game-css',
    Once(root) {
      if (file.test(root.source?.input.file ?? '')) prune(root);
    },
  };
}
