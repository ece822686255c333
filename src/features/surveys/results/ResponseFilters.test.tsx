import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseFilters, SEARCH_DEBOUNCE_MS } from './ResponseFilters';
import { NO_FILTERS, responsesPageQuery, type ResultsFilterState } from './resultFilters';

/** The filters as the results screen holds them, with every change recorded. */
function Harness({ onChange }: { onChange: (next: ResultsFilterState) => void }) {
  const [value, setValue] = useState(NO_FILTERS);
  return (
    <ResponseFilters
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

/** Typing with the clock under the test's control: the debounce's pause passes only when the test says. */
function typingOnFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
}

/** Lets twice the debounce's pause pass on the fake clock. */
const pastThePause = () => act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));

describe('ResponseFilters', { timeout: 30_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in typing before it searches, then searches once', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const started = Date.now();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search answers' }), 'queue');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS);
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, search: 'queue' });
  });

  it('turns the chosen device, completion and dates into the query', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Device' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Tablet' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Completion' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Completed' }));
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-07');
    const last = onChange.mock.lastCall?.[0] as ResultsFilterState;
    expect(responsesPageQuery(last, 1)).toEqual({ page: 1, limit: 20, deviceType: 'tablet', completed: true, dateFrom: '2026-03-01', dateTo: '2026-03-07' });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith(NO_FILTERS);
  });

  it('clears a search typed but not yet sent, and sends nothing after', async () => {
    const user = typingOnFakeClock();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const search = screen.getByRole('searchbox', { name: 'Search answers' });
    await user.type(search, 'queue');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(search).toHaveValue('');
    await pastThePause();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(NO_FILTERS);
  });

  it('shows a search set from outside in place of what is typed', async () => {
    const user = typingOnFakeClock();
    const onChange = vi.fn();
    const { rerender } = render(<ResponseFilters value={NO_FILTERS} onChange={onChange} />);
    const search = screen.getByRole('searchbox', { name: 'Search answers' });
    await user.type(search, 'que');
    rerender(<ResponseFilters value={{ ...NO_FILTERS, search: 'parking' }} onChange={onChange} />);
    expect(search).toHaveValue('parking');
    await pastThePause();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says when the range ends before it starts', async () => {
    render(<Harness onChange={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('From'), '2026-03-09');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-02');
    expect(screen.getByText('The start date is after the end date.')).toBeInTheDocument();
  });
});
