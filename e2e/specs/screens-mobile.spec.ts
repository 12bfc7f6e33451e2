// The screens walk at 375 px (support/screens-walk.ts).
import { walkScreensAt } from '../support/screens-walk.ts';

walkScreensAt('mobile');
