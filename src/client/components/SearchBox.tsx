import SearchIcon from '@mui/icons-material/Search';
import { styled } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../../domain/messages';
import { paths } from '../base/paths';

interface SearchBoxProps {
  /** Names the search landmark; each one on a page needs its own name. */
  landmarkLabel: string;
  size?: 'small' | 'large';
  /** Focus the field when it shows (the header's search button opens it). */
  autoFocus?: boolean;
}

/**
 * A search field that looks like MUI's outlined TextField with a start adornment (white, the
 * theme's radius, a 1 px border that darkens on hover and turns 2 px primary with focus), made of a
 * plain form and input styled once: the header shows it on every page, and the TextField's eight
 * components were a noticeable part of a full page load's first render.
 */
const Form = styled('form')(({ theme }) => ({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  paddingLeft: 14,
  color: theme.palette.text.primary,
  backgroundColor: theme.palette.background.paper,
  borderRadius: theme.shape.borderRadius,
  border: '1px solid rgba(0, 0, 0, 0.23)',
  '&:hover': { borderColor: theme.palette.text.primary },
  // The focus ring of every control (theme.ts), around the field: on the dark header it turns white.
  '&:focus-within': {
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
    outline: `3px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
  '& > svg': { color: theme.palette.action.active, marginRight: 8, flexShrink: 0 },
  '& > input': {
    ...theme.typography.body1,
    flex: '1 1 auto',
    minWidth: 0,
    boxSizing: 'content-box',
    height: '1.4375em',
    lineHeight: '1.4375em',
    padding: '8.5px 14px 8.5px 0',
    border: 0,
    outline: 0,
    margin: 0,
    color: 'currentColor',
    background: 'none',
    '&::placeholder': { color: 'currentColor', opacity: 0.42 },
  },
  '&.large > input': { paddingTop: 16.5, paddingBottom: 16.5 },
}));

/** Search across products and services: Enter opens /zoek/{term}. */
export function SearchBox({ landmarkLabel, size = 'small', autoFocus }: SearchBoxProps) {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    navigate(paths.search(trimmed));
  };

  return (
    <Form role="search" aria-label={landmarkLabel} onSubmit={search} className={size === 'large' ? 'large' : undefined}>
      <SearchIcon aria-hidden />
      <input
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={MSG.searchPlaceholder}
        aria-label={MSG.searchPlaceholder}
        // Only on the user's own click of the header's search button.
        autoFocus={autoFocus}
      />
    </Form>
  );
}
