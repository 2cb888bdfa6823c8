import { describe, expect, it } from 'vitest';
import { stripPropTypes } from './strip-prop-types.ts';

describe('stripPropTypes', () => {
  it('removes the top-level propTypes assignments and keeps everything else', () => {
    const code = [
      'import PropTypes from "prop-types";',
      '// Non-ASCII before the statements: offsets are counted as the string counts them (é, …).',
      'const Button = () => "Bouton…";',
      'Button.displayName = "Button";',
      'Button.propTypes = {',
      '\tkind: PropTypes.oneOf(["primary", "secondary"]),',
      '\tsize: PropTypes.string',
      '};',
      'Tag.propTypes = Button.propTypes;',
      'const { open, ...rest } = Button.propTypes ?? {};',
      'export { Button };',
    ].join('\n');
    expect(stripPropTypes(code)).toBe(
      [
        'import PropTypes from "prop-types";',
        '// Non-ASCII before the statements: offsets are counted as the string counts them (é, …).',
        'const Button = () => "Bouton…";',
        'Button.displayName = "Button";',
        '',
        '',
        'const { open, ...rest } = Button.propTypes ?? {};',
        'export { Button };',
      ].join('\n'),
    );
  });

  it('leaves other assignments, and propTypes set inside a function, alone', () => {
    const code = [
      'Button.defaultProps = { kind: "primary" };',
      'Button["propTypes"] = {};',
      'function wrap(C) { C.propTypes = {}; return C; }',
    ].join('\n');
    expect(stripPropTypes(code)).toBe(code);
  });
});
