/**
 * Carbon's Button for a button with text, as the pages the app opens on (the app shell, the
 * training list) show it: Carbon's ButtonBase, which renders every Button that is not icon-only,
 * the same markup and classes. Carbon's Button itself imports its IconButton for the icon-only
 * case and with it Tooltip, Popover and floating-ui (13 KiB compressed), which those pages never
 * show.
 */
import ButtonBase from '@carbon/react/es/components/Button/ButtonBase.js';

export { ButtonBase as TextButton };
