// Shared by the sign-up form in the browser; kept apart from the hashing code (bcryptjs).
export const MIN_PASSWORD_LENGTH = 8;
