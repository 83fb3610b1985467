/** What the security-app route files share. */
export const tags = ['Security app'];
export const BASE = '/api/v1/securityApp';
