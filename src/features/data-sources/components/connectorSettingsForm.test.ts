import { describe, expect, it } from 'vitest';
import type { ConnectorSetting } from '@domain/data/connectors';
import { testedSettingValues } from './connectorSettingsForm';

const SETTINGS: readonly ConnectorSetting[] = [
  { name: 'url', label: 'API URL', input: 'url', required: true },
  { name: 'token', label: 'Token', input: 'password', required: false, secret: true },
  { name: 'recordsPath', label: 'Records path', input: 'text', required: false },
  { name: 'incremental', label: 'Incremental', input: 'checkbox', required: false },
];

describe('testedSettingValues', () => {
  it('leaves a blank secret out, so the stored one is tested', () => {
    expect(testedSettingValues(SETTINGS, { url: ' https://api.example.com ', token: '  ', recordsPath: 'data', incremental: false })).toEqual({
      url: 'https://api.example.com',
      recordsPath: 'data',
      incremental: false,
    });
  });

  it('sends a cleared setting as blank rather than leaving it to the stored value', () => {
    expect(testedSettingValues(SETTINGS, { url: 'https://api.example.com', recordsPath: '' })).toEqual({ url: 'https://api.example.com', recordsPath: '' });
  });

  it('sends a newly typed secret', () => {
    expect(testedSettingValues(SETTINGS, { url: 'https://api.example.com', token: 'Bearer new' })).toMatchObject({ token: 'Bearer new' });
  });
});
