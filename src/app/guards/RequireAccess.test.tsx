import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Capability } from '@domain/access/capabilities';
import { originFrom } from '@/lib/origin';
import type { Session } from '@/lib/session';
import { companyUserSession, globalAdminSession, SessionFixture } from '@/lib/testing/sessions';
import { RequireAccess, SESSION_LOADING_LABEL } from './RequireAccess';

function LoginProbe() {
  const location = useLocation();
  return <p>Sign-in page, then back to {originFrom(location.state)}</p>;
}

function renderGuarded(access: Capability, session: Session | null, isLoading = false) {
  return render(
    <SessionFixture session={session} isLoading={isLoading}>
      <MemoryRouter initialEntries={['/data-types?type=static']}>
        <Routes>
          <Route
            path="/data-types"
            element={
              <RequireAccess access={access}>
                <p>Data types page</p>
              </RequireAccess>
            }
          />
          <Route path="/login" element={<LoginProbe />} />
          <Route path="/unauthorized" element={<p>Access Denied page</p>} />
        </Routes>
      </MemoryRouter>
    </SessionFixture>,
  );
}

describe('RequireAccess', () => {
  it('shows a spinner while the session is still loading', () => {
    renderGuarded('signedIn', null, true);
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_LOADING_LABEL);
    expect(screen.queryByText('Data types page')).not.toBeInTheDocument();
  });

  it('sends a visitor without a session to /login, remembering the page they wanted', () => {
    renderGuarded('viewData', null);
    expect(screen.getByText('Sign-in page, then back to /data-types?type=static')).toBeInTheDocument();
  });

  it('sends a user without the permission to /unauthorized', () => {
    renderGuarded('viewData', companyUserSession);
    expect(screen.getByText('Access Denied page')).toBeInTheDocument();
  });

  it('sends a user without the role to /unauthorized', () => {
    renderGuarded('viewAudience', companyUserSession);
    expect(screen.getByText('Access Denied page')).toBeInTheDocument();
  });

  it('shows the page to a user who may open it', () => {
    renderGuarded('viewAudience', globalAdminSession);
    expect(screen.getByText('Data types page')).toBeInTheDocument();
  });
});
