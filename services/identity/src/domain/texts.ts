/**
 * Every title and message identity shows to people, in one place. Where the product
 * specification (spec 000, sections 5 and 8) has wording, it is used exactly.
 */
export const Texts = {
  memberSessionsEnded: "The member's sessions have been ended.",
  accountSuspended: {
    title: 'Account suspended',
    message: 'Your account has been suspended. Please contact an administrator.',
  },
  memberDeleted: { title: 'Account deleted', message: "The member's account has been deleted." },
  missingFields: { title: 'Missing fields', message: 'Please fill in all fields.' },
  invalidEmail: { title: 'Invalid Email', message: 'Please enter a valid email address.' },
  passwordTooShort: { title: 'Password too short', message: 'Password must be at least 6 characters long.' },
  signupPasswordsDoNotMatch: {
    title: 'Passwords do not match',
    message: 'Please make sure both passwords are the same.',
  },
  invalidInvitationCode: {
    title: 'Invalid invitation code',
    message: 'Invalid invitation code',
  },
  invitationCodeRequired: { title: 'Invitation code required', message: 'Please enter an invitation code' },
  emailTaken: {
    title: 'Duplicate Entry',
    message: 'An account with this email address already exists. Please log in or reset your password.',
  },
  usernameNotAvailable: 'Username not available',
  invalidName: 'Invalid name',

  loginFailed: {
    title: 'Login failed',
    message: 'Incorrect login details. Please check your email/username and password.',
  },

  waitingListMissing: {
    title: 'Missing Information',
    message: 'Please provide both your name and email address.',
  },
  waitingListJoined: {
    title: 'Successfully Joined!',
    message: "You're on the waiting list. We'll let you know as soon as a place is free.",
  },

  resetIdentifierMissing: { title: 'Invalid input', message: 'Please enter your email or username.' },
  resetEmailSent: {
    title: 'Reset email sent',
    message:
      'If an account matches these details, we have sent a link to reset your password. Please check your inbox, and your spam folder too.',
  },
  resetMissing: { title: 'Missing information', message: 'Please enter and confirm your new password.' },
  resetPasswordsDoNotMatch: {
    title: "Passwords don't match",
    message: 'Please make sure both passwords are the same.',
  },
  resetLinkInvalid: {
    title: 'Invalid or expired link',
    message: 'Please request a new password reset link.',
  },
  passwordUpdatedByReset: {
    title: 'Password updated',
    message: 'Your password has been successfully updated. You can now log in with your new password.',
  },

  confirmationLinkInvalid: {
    title: 'Invalid or expired link',
    message: 'This confirmation link is invalid, has expired or was already used.',
  },
  emailConfirmed: { title: 'Email confirmed', message: 'Thank you, your email address is confirmed.' },
  emailChangeConfirmed: {
    title: 'Email updated',
    message: 'Your new email address is confirmed and now in use.',
  },

  currentPasswordWrong: { title: 'Incorrect password', message: 'Your current password is incorrect.' },
  emailUnchanged: { title: 'Invalid Email', message: 'This is already your email address.' },
  emailChangeRequested: {
    title: 'Email Updated',
    message:
      'Please confirm your new email address with the link we just sent to it. Until then your current address stays in use.',
  },
  passwordChanged: {
    title: 'Password Updated',
    message: 'Your password has been changed. You have been signed out on your other devices.',
  },
  accountDeleted: {
    title: 'Account Deleted',
    message: 'Your account and personal data have been deleted. We are sorry to see you go.',
  },
  allSessionsEnded: 'Every session has been ended. Members need to log in again.',
} as const;
