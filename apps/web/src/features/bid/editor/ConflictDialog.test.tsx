import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConflictDialog } from './ConflictDialog.tsx';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const conflict = { server: { version: 7, content: doc('服务器上的文字') }, mine: doc('我写的文字') };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// antd's first render in jsdom is slow on a busy machine.
describe('ConflictDialog', { timeout: 30_000 }, () => {
  it('shows both texts and offers the three choices', () => {
    const onUseServer = vi.fn();
    const onKeepMine = vi.fn();
    render(
      <ConflictDialog
        conflict={conflict}
        onUseServer={onUseServer}
        onKeepMine={onKeepMine}
        onCopied={vi.fn()}
      />,
    );
    expect((screen.getByTestId('conflict-server-text') as HTMLTextAreaElement).value).toBe('服务器上的文字');
    expect((screen.getByTestId('conflict-mine-text') as HTMLTextAreaElement).value).toBe('我写的文字');
    fireEvent.click(screen.getByTestId('conflict-use-server'));
    fireEvent.click(screen.getByTestId('conflict-keep-mine'));
    expect(onUseServer).toHaveBeenCalledTimes(1);
    expect(onKeepMine).toHaveBeenCalledTimes(1);
  });

  it('copies the writer’s text before taking the server version', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onCopied = vi.fn();
    render(
      <ConflictDialog conflict={conflict} onUseServer={vi.fn()} onKeepMine={vi.fn()} onCopied={onCopied} />,
    );
    fireEvent.click(screen.getByTestId('conflict-copy-mine'));
    await waitFor(() => expect(onCopied).toHaveBeenCalled());
    expect(writeText).toHaveBeenCalledWith('我写的文字');
  });

  it('without clipboard access it keeps the dialog open and says how to copy by hand', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    const onCopied = vi.fn();
    render(
      <ConflictDialog conflict={conflict} onUseServer={vi.fn()} onKeepMine={vi.fn()} onCopied={onCopied} />,
    );
    fireEvent.click(screen.getByTestId('conflict-copy-mine'));
    await screen.findByText(/浏览器不允许自动复制/);
    expect(onCopied).not.toHaveBeenCalled();
  });
});
