import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { keptSelector, pruneGameCss } from './prune-game-css.ts';

const sheet = [
  '.cds--tile{padding:1rem}',
  '.cds--selectable-tile{cursor:pointer}',
  '.cds--data-table--sm th,.cds--data-table--zebra tr{height:2rem}',
  '@media (any-hover:hover){.cds--clickable-tile:hover{background:red}}',
  '@media (any-hover:hover){.cds--tag--magenta:hover{color:red}}',
  '.cds--tag--magenta,.cds--tag--red{color:#000}',
].join('');

const run = (from: string) => postcss([pruneGameCss()]).process(sheet, { from }).css;

describe('pruneGameCss', () => {
  it('drops the variants the game never renders from game.scss, keeping what it draws', () => {
    expect(run('/app/src/styles/game.scss')).toBe(
      [
        '.cds--tile{padding:1rem}',
        '.cds--data-table--sm th{height:2rem}',
        '@media (any-hover:hover){.cds--tag--magenta:hover{color:red}}',
        '.cds--tag--magenta{color:#000}',
      ].join(''),
    );
  });

  it('leaves every other stylesheet as it is', () => {
    expect(run('/app/src/styles/admin.scss')).toBe(sheet);
  });

  it('matches whole class names, and the families named as such', () => {
    expect(keptSelector('.cds--tag--md,.cds--tag--magenta,.cds--tag--mdx')).toBe('.cds--tag--magenta,.cds--tag--mdx');
    expect(keptSelector('.cds--checkbox-label,.cds--data-table__toolbar,.cds--tile-content')).toBe(
      '.cds--tile-content',
    );
  });
});
