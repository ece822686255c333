import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { LOGO_MESSAGES } from '@domain/survey/messages';
import { logoFileProblem, SURVEY_LOGO_MAX_BYTES, useLogoUpload } from './useLogoUpload';

// Cropping and storing the PNG need a browser that draws: the LogoFields stories run them in Chromium.

function setup(companyFilter?: string) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const onStored = vi.fn();
  const hook = renderHook(() => useLogoUpload(companyFilter, onStored), { wrapper });
  return { ...hook, onStored };
}

const png = (bytes = 3) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

async function pickPicture(result: ReturnType<typeof setup>['result']) {
  act(() => result.current.pick(png()));
  await waitFor(() => expect(result.current.crop.image).toMatch(/^data:image\/png;base64,/));
}

describe('logoFileProblem', () => {
  it('takes images under 5 MB only', () => {
    expect(logoFileProblem({ type: 'text/csv', size: 10 })).toBe(LOGO_MESSAGES.notImage);
    expect(logoFileProblem({ type: 'image/png', size: SURVEY_LOGO_MAX_BYTES })).toBe(LOGO_MESSAGES.tooLarge);
    expect(logoFileProblem({ type: 'image/webp', size: SURVEY_LOGO_MAX_BYTES - 1 })).toBeNull();
  });
});

describe('useLogoUpload', () => {
  it('refuses a file that is not a picture, and opens the crop step for one that is', async () => {
    const { result } = setup();
    act(() => result.current.pick(new File(['a,b'], 'contacts.csv', { type: 'text/csv' })));
    expect(result.current.pickError).toBe(LOGO_MESSAGES.notImage);
    expect(result.current.crop.image).toBeNull();
    act(() => result.current.dismissPickError());
    expect(result.current.pickError).toBeNull();
    act(() => result.current.pick(png(SURVEY_LOGO_MAX_BYTES)));
    expect(result.current.pickError).toBe(LOGO_MESSAGES.tooLarge);

    await pickPicture(result);
    expect(result.current.pickError).toBeNull();
    act(() => result.current.crop.onCancel());
    expect(result.current.crop.image).toBeNull();
  });
});
