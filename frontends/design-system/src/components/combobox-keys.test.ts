import { describe, expect, it } from 'vitest';
import { comboboxKeyAction } from './combobox-keys.ts';

const open = (active: number, count = 3) => ({ expanded: true, active, count });

describe('combobox keys', () => {
  it('ArrowDown opens on the first option, then moves down and wraps to the top', () => {
    expect(comboboxKeyAction('ArrowDown', { expanded: false, active: -1, count: 3 })).toEqual({
      kind: 'move',
      active: 0,
    });
    expect(comboboxKeyAction('ArrowDown', open(-1))).toEqual({ kind: 'move', active: 0 });
    expect(comboboxKeyAction('ArrowDown', open(1))).toEqual({ kind: 'move', active: 2 });
    expect(comboboxKeyAction('ArrowDown', open(2))).toEqual({ kind: 'move', active: 0 });
  });

  it('ArrowUp moves up and wraps to the last option', () => {
    expect(comboboxKeyAction('ArrowUp', open(2))).toEqual({ kind: 'move', active: 1 });
    expect(comboboxKeyAction('ArrowUp', open(0))).toEqual({ kind: 'move', active: 2 });
    expect(comboboxKeyAction('ArrowUp', open(-1))).toEqual({ kind: 'move', active: 2 });
  });

  it('arrows do nothing without options', () => {
    expect(comboboxKeyAction('ArrowDown', open(-1, 0))).toEqual({ kind: 'none' });
    expect(comboboxKeyAction('ArrowUp', open(-1, 0))).toEqual({ kind: 'none' });
  });

  it('Enter picks only a marked option of an open list: typed text alone is not a choice', () => {
    expect(comboboxKeyAction('Enter', open(1))).toEqual({ kind: 'pick', index: 1 });
    expect(comboboxKeyAction('Enter', open(-1))).toEqual({ kind: 'none' });
    expect(comboboxKeyAction('Enter', { expanded: false, active: 1, count: 3 })).toEqual({ kind: 'none' });
    // Options shrank under the marker (a new search came back shorter).
    expect(comboboxKeyAction('Enter', open(4))).toEqual({ kind: 'none' });
  });

  it('Escape closes an open list; other keys do nothing', () => {
    expect(comboboxKeyAction('Escape', open(0))).toEqual({ kind: 'close' });
    expect(comboboxKeyAction('Escape', { expanded: false, active: -1, count: 3 })).toEqual({ kind: 'none' });
    expect(comboboxKeyAction('a', open(0))).toEqual({ kind: 'none' });
  });
});
