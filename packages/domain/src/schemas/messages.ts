// What the server says to people, in one place, ready for translation (the SPEC's own messages stay
// beside the schema of the field they belong to). The server's answers, the API description and the
// tests read them from here.

// packages

export const PACKAGE_NOT_FOUND = 'Package not found. Please check the tracking code and try again.';
export const ONLY_PENDING_ACCEPTED = 'Only a Pending package can be accepted';
export const ONLY_PENDING_REJECTED = 'Only a Pending package can be rejected';
export const DECIDE_FIRST = 'Accept or reject the package before changing its status';
export const NO_SUCH_UPDATE = 'No location update has that timestamp';

// requests that arrive too slowly
export const SLOW_REQUEST_MESSAGE = 'The request arrived too slowly. Please try again.';

// roles
export const ADMIN_ONLY = 'Only an admin can do that';
export const ROLE_INVALID = 'Role must be admin, operator or driver';
/** A driver on a console route: drivers use the driver app only. */
export const DRIVERS_USE_DRIVER_APP = 'Drivers use the driver app; the console is for operators and admins';
/** An operator on a driver route: only drivers (and admins, to try it) use the driver app. */
export const DRIVERS_ONLY = 'Only a driver can do that';

// runs
export const RUN_NOT_FOUND = 'Run not found';
export const RUN_DELETED = 'Run deleted';
export const DAY_INVALID = 'Date must be a calendar day as YYYY-MM-DD';
export const DRIVER_REQUIRED = 'Choose a driver';
export const DRIVER_NOT_FOUND = 'No active driver has this id';
export const RUN_EXISTS = 'This driver already has a run that day; add the stops to it';
export const RUN_CHANGE_REQUIRED = 'Nothing to change: give a driver or a date';
export const RUN_STOPS_REQUIRED = 'trackingCodes must be a list of tracking codes';
export const runTooManyStops = (max: number) => `A run holds at most ${max} stops`;
export const RUN_STOPS_REFUSED = 'These packages cannot be stops of this run';
export const runStatusRefused = (status: string) => `A ${status} package cannot go out on a run`;
export const runPackagesTaken = (codes: string[]) => `Already on another run that day: ${codes.join(', ')}`;
/** How the audit log names a run. */
export const runLabel = (driver: string, day: string) => `Run of ${driver} on ${day}`;
/** Two changes to the same day's runs at once: the second is refused, nothing of it stored. */
export const RUNS_CHANGED_MEANWHILE = "The day's runs changed meanwhile. Reload them and try again.";

// sign-in
export const INVALID_LOGIN = 'Invalid email or password';

// contact details
export const DETAILS_EXIST = 'Contact details already exist; edit them instead';
export const DETAILS_NOT_FOUND = 'Contact details not found';

// inbox
export const INBOX_ITEM_NOT_FOUND = 'Inbox item not found';

// labels
export const NO_LABEL_PENDING = 'This package is Pending: accept it before printing its label';
export const NO_LABEL_REJECTED = 'This package was rejected, so it has no label';
export const NO_LABELS_MESSAGE = 'No label can be printed for';

// mail
export const EMAIL_SENT = 'Email sent successfully';

// plans
export const PLAN_EXISTS = 'A plan already exists; edit it instead';
export const PLAN_NOT_FOUND = 'Plan not found';

// bulk actions
/** Said of a code whose action failed for a reason of the server's; its own transaction rolled back. */
export const BULK_ITEM_FAILED = 'The server could not do this one; nothing was changed for it. Please try it again.';

// proof of delivery
export const REJECTED_NOT_DELIVERED = 'A Rejected package cannot be delivered';
export const NO_PROOF = 'This package has no proof of delivery';
export const NO_PROOF_IMAGE = 'This proof of delivery has no such image';

// submission
export const PACKAGE_SUBMITTED = 'Package submitted successfully';

// team
export const LINK_INVALID = 'This link has expired or was already used. Ask an admin for a new one.';
export const OPERATOR_NOT_FOUND = 'Operator not found';
export const OPERATOR_EXISTS = 'An operator with this e-mail already exists';
export const OPERATOR_DEACTIVATED = 'This operator is deactivated. Reactivate them first.';
export const WRONG_CURRENT_PASSWORD = 'The current password is wrong.';
export const SAME_PASSWORD = 'Choose a password different from the current one.';
export const PASSWORD_SET = 'Your password is set. Sign in with your e-mail and the new password.';
export const PASSWORD_CHANGED = 'Your password is changed. Your other sessions have been signed out.';

// rate limits
export const COUNTER_UNAVAILABLE = 'This is unavailable for a moment. Please try again shortly.';

// text that cannot be stored
export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or broken Unicode';

// anti-forgery
export const XSRF_MESSAGE = 'Missing or invalid anti-forgery token';

// operators from the command line
export const operatorExistsWithEmail = (email: string) => `An operator with the e-mail ${email} already exists`;
export const noOperatorWithEmail = (email: string) => `No operator with the e-mail ${email}`;

// uploads: a submission's images, a proof of delivery's photo and signature
export const MULTIPART_EXPECTED = 'Expected a multipart/form-data body';
export const MALFORMED_MULTIPART = 'Malformed multipart body';
export const TOO_MANY_FIELDS = 'Too many form fields';
export const fieldTooLong = (field: string) => `Form field ${field} is too long`;
export const unexpectedField = (field: string) => `Unexpected form field ${field}`;
export const unexpectedImageField = (field: string, imageField: string) =>
  `Unexpected file field ${field}; images go in ${imageField}`;
export const unexpectedProofFile = (field: string) => `Unexpected file field ${field}; send photo or signature`;
export const tooManyImages = (max: number) => `At most ${max} images can be uploaded`;
/** "The photo is larger than 10 MB", "An image is larger than 10 MB", "<file name> is larger than 10 MB". */
export const largerThan = (what: string, maxMb: number) => `${what} is larger than ${maxMb} MB`;
export const notASupportedImage = (fileName: string, supported: string) =>
  `${fileName} is not a supported image (${supported})`;
export const sendOneAtMost = (file: string) => `Send one ${file} at most`;
export const ONE_PHOTO_ONE_SIGNATURE = 'Send one photo and one signature at most';
export const SIGNATURE_NOT_A_PNG = 'The signature must be a PNG image';
export const SIGNATURE_TOO_MANY_PIXELS = 'The signature has too many pixels (at most 4096 × 4096)';
export const PHOTO_STORAGE_DOWN = 'The photo storage does not answer. Please try again shortly.';

// mail
export const couldNotSendEmail = (reason: string) => `Could not send the email: ${reason}`;

// the driver's events, sent from the phone in batches
export const driverEventsTooMany = (max: number) => `Send at most ${max} events at once`;
export const DRIVER_EVENT_ID_INVALID = 'The event id must be a UUID';
export const DRIVER_EVENT_TYPE_UNKNOWN =
  'Unknown event type (loaded, out_for_delivery, delivered, attempt_failed, note)';
export const DRIVER_EVENT_TIME_INVALID = 'The event time must be an ISO date-time with its offset';
export const DRIVER_EVENT_IN_FUTURE = 'The event time is in the future: check the phone’s clock';
export const DRIVER_EVENT_BEFORE_RUN = 'The event time is before the day of its run: check the phone’s clock';
export const driverEventTooOld = (days: number) => `The event is more than ${days} days old`;
export const DRIVER_EVENT_ID_REUSED = 'This event id was already used for another event';
export const FAILURE_REASON_REQUIRED = 'Choose why the delivery failed';
export const FAILURE_REASON_UNKNOWN = 'Choose one of the failure reasons the admin set';
export const NOTE_REQUIRED = 'Enter a note';
export const noteTooLong = (max: number) => `A note is at most ${max} characters`;
export const NOTE_CONTROL = 'A note cannot contain control characters (line breaks are fine)';
export const NOT_ON_YOUR_RUN = 'This package is not on your run';
export const ON_NO_RUN = 'This package is on no run that day';
export const STOP_REASSIGNED = 'This package was reassigned: it is no longer on your run';
export const ALREADY_DELIVERED = 'This package was already delivered';
export const NO_DELIVERED_EVENT = 'No event with this id was received';
export const NOT_YOUR_EVENT = 'This event was sent by another driver';
export const EVENT_NOT_DELIVERED =
  'Only an applied delivered event takes a photo or signature, and an applied failed attempt a photo';
export const PROOF_IMAGE_REQUIRED = 'Send a photo or a signature';
export const ATTEMPT_PHOTO_ONLY = 'A failed attempt takes a photo only: send no signature';
export const ATTEMPT_PHOTO_REQUIRED = 'Send the photo of the failed attempt';
export const NO_ROAD_PHOTO = 'This package has no such photo from the road';
export const CHOOSE_FAILURE_REASON = 'Choose why the package could not be delivered';
export const notOnTheRoad = (status: string) => `The package's status is ${status}: there is nothing to do on the road`;

// delivery settings
export const DEPOT_LOCATION_REQUIRED = 'Enter the depot’s location';
export const MAX_ATTEMPTS_RANGE = 'Delivery attempts must be a whole number from 1 to 10';
export const FAILURE_REASONS_COUNT = 'Give from 1 to 20 failure reasons';
export const FAILURE_REASON_TEXT = 'A failure reason is 1 to 100 characters';
export const FAILURE_REASONS_REPEATED = 'Each failure reason must be different';
export const WORKING_DAYS_REQUIRED = 'Choose at least one working day';
export const WORKING_DAY_INVALID = 'A working day is a weekday from 1 (Monday) to 7 (Sunday), each once';
export const HOLIDAYS_COUNT = 'Give at most 60 holidays';
export const HOLIDAYS_REPEATED = 'Each holiday must be a different day';

// the road on the tracking page and in the e-mails of a failed delivery attempt
export const NEXT_ATTEMPT = 'We will try again on the next working day.';
export const RETURNING_AFTER_ATTEMPT = 'The package is being returned to its sender.';
/** "Delivery attempted on Thu, 26 Nov 2026: Nobody at home. We will try again on the next working day." */
export const attemptSentence = (day: string, reason: string, returning: boolean) =>
  `Delivery attempted on ${day}: ${/[.!?]$/.test(reason) ? reason : `${reason}.`} ${returning ? RETURNING_AFTER_ATTEMPT : NEXT_ATTEMPT}`;
/** The recipient's stop is next: no stop of the run is left before it. */
export const COURIER_ON_THE_WAY = 'Your courier is on the way to you';
/** "Your courier is 1 stop away", "Your courier is 3 stops away". */
export const courierStopsAway = (stops: number) => `Your courier is ${stops} ${stops === 1 ? 'stop' : 'stops'} away`;

// Checking the sender or the recipient on the tracking page (POST /api/track/{code}/verify).
export const PHONE_LAST4_FORMAT = 'Enter the last four digits of the phone number given for this package';
/** The one answer to digits that match neither phone and to a code no package has: they are told apart by nothing. */
export const CHECK_DOES_NOT_MATCH = 'Those digits do not match this package';
export const checkTriesUsed = (minutes: number) =>
  `Too many tries for this package. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

// The recipient's or the sender's delivery choices (GET/PUT /api/track/{code}/preferences).
export const PACKAGE_CHECK_REQUIRED =
  'Confirm you are the recipient or the sender first, with the last four digits of your phone number';
export const INSTRUCTIONS_CONTROL = 'Instructions can only hold text and line breaks';
export const NEIGHBOUR_NAME_REQUIRED = "Enter the neighbour's name";
export const NEIGHBOUR_HOUSE_REQUIRED = "Enter the neighbour's house number or name";
export const SAFE_PLACE_UNKNOWN = 'Choose none, the front door, the back door, reception or a neighbour';
export const textTooLong = (max: number) => `At most ${max} characters`;
export const preferencesLocked = (status: string) =>
  `This package is ${status}: how it is delivered can no longer change`;

// Another delivery day (PUT /api/track/{code}/preferences, deliveryDay).
export const DELIVERY_DAY_NOT_WORKING = 'We do not deliver on that day of the week: choose a working day';
export const DELIVERY_DAY_HOLIDAY = 'That day is a holiday: choose another working day';
export const DELIVERY_DAY_OUT_OF_RANGE =
  'Choose one of the next 10 working days from tomorrow and from the estimated delivery';
// Rating the delivery (POST /api/track/{code}/rating) and the console's Feedback page.
export const STARS_RANGE = 'Choose from 1 to 5 stars';
export const COMMENT_CONTROL = 'A comment can only hold text and line breaks';
export const RATING_CHECK_REQUIRED =
  'Confirm you are the recipient or the sender first, or open the rating link of the delivery e-mail';
export const RATING_LINK_INVALID = 'This rating link does not work: it was used already or is not complete';
export const RATING_LINK_OTHER_PACKAGE = 'This rating link is for another package';
export const RATING_NOT_YET = 'The delivery can be rated once the package is delivered';
export const ratingNotYet = (status: string) => `This package is ${status}: ${RATING_NOT_YET.toLowerCase()}`;
export const ratingClosed = (days: number) => `Deliveries can be rated for ${days} days; this one no longer can`;
export const ALREADY_RATED = 'This delivery has already been rated';
export const FEEDBACK_WEEK_MONDAY = 'Give the Monday that starts the week, as YYYY-MM-DD';

// Text-message webhooks (POST /api/messages/…): a request without the provider's signature or secret.
export const WEBHOOK_NOT_SIGNED = 'This request does not carry the text-message provider’s signature';

// Text-message settings (PUT /api/admin/text-settings).
export const TIME_ZONE_UNKNOWN = 'Choose a time zone from the list, such as Africa/Lagos or Europe/London';
export const CLOCK_TIME_FORMAT = 'Enter a time as HH:MM on the 24-hour clock, such as 21:00';
export const TEXT_SWITCH_REQUIRED = 'Say whether this text is sent: on or off';
export const TEXT_STATE_UNKNOWN = 'state must be queued, sending, sent, delivered, failed or undelivered';

// Text updates: the ship form's "Text me updates" and the tracking page's text subscriptions.
export const PHONE_REQUIRED = 'Phone number is required';
export const CANNOT_TEXT_NUMBER = 'This number cannot receive text messages';
/** The answer to every accepted request for text updates, whatever the number's state: it never tells which. */
export const TEXT_CODE_SENT =
  'Unless this number already gets text updates for this package, we are texting it a 6-digit code. Enter it below within 10 minutes.';
export const TEXT_CODE_FORMAT = 'Enter the 6-digit code from the text';
export const TEXT_CODE_WRONG = 'That is not the code we sent. Check the text and try again.';
export const TEXT_CODE_EXPIRED = 'This code has expired. Ask for a new code.';
export const TEXT_CODE_LOCKED = 'Too many wrong codes. Ask for a new code.';
export const textUpdatesConfirmed = (number: string) =>
  `${number} will get a text when this package is out for delivery, if a delivery attempt fails, when it is delivered and if it returns to its sender. Reply STOP to any of them to stop.`;
/** A package that sends its texts to `max` confirmed numbers already takes no other. */
export const textNumbersFull = (max: number) =>
  `This package already sends its text updates to ${max} numbers, the most it can. Those numbers keep getting them; follow it on this page instead.`;
export const tooManyTextCodesMessage = (wait: string) =>
  `This number has been sent too many codes. Please try again in ${wait}.`;

// sessions

/** The 401 of a console route called without a session. */
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
/** The 401 of a console route called with a session that timed out (idle or absolute). */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
