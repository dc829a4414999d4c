import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChoiceSelect } from './choice-select';

const HOURS = [
  { value: 1, label: '1 hour' },
  { value: 24, label: '24 hours' },
];

describe('ChoiceSelect', () => {
  it('hands back the picked choice with its own type', async () => {
    const picked: unknown[] = [];
    function Hours() {
      const [hours, setHours] = useState(1);
      return <ChoiceSelect label="Expires after" choices={HOURS} value={hours} onChange={(v) => (picked.push(v), setHours(v))} />;
    }
    render(<Hours />);
    const select = screen.getByRole('combobox', { name: 'Expires after' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1 hour', '24 hours']);
    await userEvent.selectOptions(select, '24 hours');
    expect(picked).toEqual([24]);
    expect(select).toHaveValue('24');
  });
});
