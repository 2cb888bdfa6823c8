/**
 * Drops Carbon's propTypes from the bundles. Carbon's components still carry
 * prop-types validators (`Button.propTypes = {…}`, several hundred calls), but
 * React 19 no longer reads propTypes, and React's production builds never
 * checked them: in the bundle they are code that is downloaded, parsed and run
 * for nothing (decision 012 has the sizes).
 */
import { parseAst, type Plugin } from 'vite';

/** Carbon's ES modules: its React components and its icons. */
const CARBON_MODULES = /[\\/]node_modules[\\/]@carbon[\\/](react|icons-react)[\\/]es[\\/].+\.js$/;

/** `code` without its top-level statements `X.propTypes = …;` (the same string when it has none). */
export function stripPropTypes(code: string): string {
  let kept = '';
  let from = 0;
  for (const statement of parseAst(code).body) {
    if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') continue;
    const target = statement.expression.left;
    if (
      target.type === 'MemberExpression' &&
      !target.computed &&
      target.property.type === 'Identifier' &&
      target.property.name === 'propTypes'
    ) {
      kept += code.slice(from, statement.start);
      from = statement.end;
    }
  }
  return from === 0 ? code : kept + code.slice(from);
}

/** The Vite plugin, for builds (the development server serves Carbon's modules pre-bundled, as they are). */
export function stripCarbonPropTypes(): Plugin {
  return {
    name: 'strip-carbon-prop-types',
    apply: 'build',
    transform: {
      filter: { id: CARBON_MODULES },
      handler(code) {
        const stripped = stripPropTypes(code);
        return stripped === code ? null : { code: stripped, map: null };
      },
    },
  };
}
