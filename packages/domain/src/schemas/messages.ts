// What the server says to people about packages, in one place (the SPEC's own messages stay beside the
// schema of the field they belong to). The server's answers and the API description both read them.

export const PACKAGE_NOT_FOUND = 'Package not found. Please check the tracking code and try again.';
export const ONLY_PENDING_ACCEPTED = 'Only a Pending package can be accepted';
export const ONLY_PENDING_REJECTED = 'Only a Pending package can be rejected';
export const DECIDE_FIRST = 'Accept or reject the package before changing its status';
export const NO_SUCH_UPDATE = 'No location update has that timestamp';
