// The screens walk at 1280 px (support/screens-walk.ts), and the console remembering the mode chosen
// with its toggle.
import { walkScreensAt } from '../support/screens-walk.ts';

walkScreensAt('desktop', { alsoRemembered: true });
