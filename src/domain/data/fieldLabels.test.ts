import { describe, expect, it } from 'vitest';
import { fieldLabel } from './fieldLabels';

describe('fieldLabel', () => {
  it.each([
    ['customer_id', 'Customer ID'],
    ['id', 'ID'],
    ['email', 'E-mail'],
    ['e-mail', 'E-mail'],
    ['contact_email', 'Contact e-mail'],
    ['full_name', 'Full name'],
    ['signup_date', 'Signup date'],
    ['signupDate', 'Signup date'],
    ['lifetime_value', 'Lifetime value'],
    ['utm_source', 'UTM source'],
    ['page_url', 'Page URL'],
    ['userID', 'User ID'],
    ['HTTPStatus', 'HTTP status'],
    ['CUSTOMER_EMAIL', 'Customer e-mail'],
    ['address_line_2', 'Address line 2'],
    ['plan', 'Plan'],
    ['Signup Date (UTC)', 'Signup Date (UTC)'],
    ['first name', 'First name'],
    ['__', '__'],
  ])('%s reads as %s', (name, label) => {
    expect(fieldLabel(name)).toBe(label);
  });
});
