import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { companyUserSession, globalAdminSession, SessionFixture } from '@/features/auth/fixtures';
import type { Session } from '@/features/auth/session';
import { needsPermission, needsRole, SIGNED_IN, type RouteAccess } from './access';
import { originFrom } from './origin';
import { RequireAccess, SESSION_LOADING_LABEL } from './RequireAccess';

function LoginProbe() {
  const location = useLocation();
  return <p>Sign-in page, then back to {originFrom(location.state)}</p>;
}

function renderGuarded(access: RouteAccess, session: Session | null, isLoading = false) {
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
    renderGuarded(SIGNED_IN, null, true);
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_LOADING_LABEL);
    expect(screen.queryByText('Data types page')).not.toBeInTheDocument();
  });

  it('sends a visitor without a session to /login, remembering the page they wanted', () => {
    renderGuarded(needsPermission('data_sources:read'), null);
    expect(screen.getByText('Sign-in page, then back to /data-types?type=static')).toBeInTheDocument();
  });

  it('sends a user without the permission to /unauthorized', () => {
    renderGuarded(needsPermission('data_sources:read'), companyUserSession);
    expect(screen.getByText('Access Denied page')).toBeInTheDocument();
  });

  it('sends a user without the role to /unauthorized', () => {
    renderGuarded(needsRole('admin'), companyUserSession);
    expect(screen.getByText('Access Denied page')).toBeInTheDocument();
  });

  it('shows the page to a user who may open it', () => {
    renderGuarded(needsRole('admin'), globalAdminSession);
    expect(screen.getByText('Data types page')).toBeInTheDocument();
  });
});
