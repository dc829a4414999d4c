import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Select } from './select';
import { TextArea } from './textarea';

describe('labelled form controls', () => {
  it('name each control by its label and tie it to its error, or else to its hint', () => {
    render(
      <>
        <Field label="Name" hint="As people know you" />
        <Field label="Email" hint="We never show it" error="Enter an email address" />
        <Select label="Gender" error="Choose your gender">
          <option value="">Choose…</option>
        </Select>
        <TextArea label="Bio" maxLength={10} count={4} />
      </>,
    );
    const name = screen.getByLabelText('Name');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAccessibleDescription('As people know you');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an email address');
    expect(screen.getByLabelText('Gender')).toHaveAccessibleDescription('Choose your gender');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Enter an email address', 'Choose your gender']);
    expect(screen.getByLabelText('Bio')).not.toHaveAttribute('aria-describedby');
    expect(screen.getByTestId('char-count')).toHaveTextContent('4/10');
  });
});
