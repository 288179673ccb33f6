/**
 * Mailchimp Marketing API v3 answers in the shape its reference documents (members endpoint), trimmed to the fields
 * that matter and with made-up ids: what the adapter reads back. No live account is reachable from the test machines.
 */
export const MEMBER_SUBSCRIBED = {
  id: '9e8ebc1e5c2d6b4c4f6f1a4a8e3f3b2d',
  email_address: 'jane@example.com',
  unique_email_id: 'a1b2c3d4e5',
  contact_id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
  full_name: 'Jane',
  web_id: 123456789,
  email_type: 'html',
  status: 'subscribed',
  merge_fields: { FNAME: 'Jane', LNAME: '' },
  ip_signup: '',
  timestamp_signup: '',
  ip_opt: '203.0.113.9',
  timestamp_opt: '2026-06-15T12:00:00+00:00',
  member_rating: 2,
  last_changed: '2026-06-15T12:00:00+00:00',
  language: '',
  vip: false,
  list_id: 'a1b2c3d4e5',
  tags_count: 0,
  tags: [],
  _links: [],
};

export const MEMBER_UNSUBSCRIBED = { ...MEMBER_SUBSCRIBED, status: 'unsubscribed', last_changed: '2026-06-16T08:00:00+00:00' };
export const MEMBER_CLEANED = { ...MEMBER_SUBSCRIBED, status: 'cleaned' };
export const MEMBER_PENDING = { ...MEMBER_SUBSCRIBED, status: 'pending' };

export const NOT_FOUND = {
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title: 'Resource Not Found',
  status: 404,
  detail: 'The requested resource could not be found.',
  instance: '3f1c2d4e-5a6b-7c8d-9e0f-a1b2c3d4e5f6',
};

export const FORGOTTEN_EMAIL = {
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title: 'Forgotten Email Not Subscribed',
  status: 400,
  detail: 'jane@example.com was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.',
  instance: '4a2b3c4d-5e6f-7a8b-9c0d-e1f2a3b4c5d6',
};

export const API_KEY_INVALID = {
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title: 'API Key Invalid',
  status: 401,
  detail: "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
  instance: '5b3c4d5e-6f7a-8b9c-0d1e-f2a3b4c5d6e7',
};
