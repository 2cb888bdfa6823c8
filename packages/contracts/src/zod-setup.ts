/**
 * Imported first by the browser code that parses with zod (the game's entry,
 * the web app's admin routes: zod is in no other chunk). zod compiles
 * object parsers with `new Function` when it can; under the page's CSP (no
 * 'unsafe-eval') its probe for that is reported as a violation, although
 * zod falls back. jitless skips the probe and the compilation.
 */
import { z } from 'zod';

z.config({ jitless: true });
