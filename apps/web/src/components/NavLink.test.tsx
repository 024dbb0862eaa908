import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { linkClasses, NavLink } from './NavLink.tsx';

afterEach(cleanup);

describe('linkClasses', () => {
  it('is active and exact-active on the same path', () => {
    expect(linkClasses('/home/book', '/home/book')).toEqual(['active', 'exact-active']);
    expect(linkClasses('/home/book/', '/home/book')).toEqual(['active', 'exact-active']);
    expect(linkClasses('/home/book', '/home/book?x=1#y')).toEqual(['active', 'exact-active']);
  });

  it('is only active inside the link path', () => {
    expect(linkClasses('/home/book/BidingWrite', '/home/book')).toEqual(['active']);
    expect(linkClasses('/home/book/BidingWrite', '/home')).toEqual(['active']);
  });

  it('respects segment boundaries and never marks / active for other pages', () => {
    expect(linkClasses('/home/bookmarks', '/home/book')).toEqual([]);
    expect(linkClasses('/home', '/')).toEqual([]);
    expect(linkClasses('/', '/')).toEqual(['active', 'exact-active']);
  });
});

describe('NavLink', () => {
  it('updates the classes as the route changes', () => {
    const Shell = () => (
      <>
        <NavLink to="/home" className="nav">
          home
        </NavLink>
        <NavLink to="/home/book">book</NavLink>
        <NavLink to="/home/book/BidingWrite">write</NavLink>
        <Outlet />
      </>
    );
    const router = createMemoryRouter(
      [{ path: '/', element: <Shell />, children: [{ path: '*', element: null }] }],
      { initialEntries: ['/home/book'] },
    );
    render(<RouterProvider router={router} />);
    const home = screen.getByText('home');
    const book = screen.getByText('book');
    const write = screen.getByText('write');
    expect(home.className).toBe('nav active');
    expect(book.className).toBe('active exact-active');
    expect(book.getAttribute('aria-current')).toBe('page');
    expect(write.getAttribute('class')).toBeNull();

    fireEvent.click(write);
    expect(router.state.location.pathname).toBe('/home/book/BidingWrite');
    expect(screen.getByText('book').className).toBe('active');
    expect(screen.getByText('write').className).toBe('active exact-active');
  });
});
