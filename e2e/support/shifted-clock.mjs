// Preloaded with `node --import` into a child process (the sample-data seed) so that its clock reads
// WAYBILL_CLOCK_SHIFT_MS away from the real one: rows it writes get dates in the past without waiting.
const shift = Number(process.env.WAYBILL_CLOCK_SHIFT_MS ?? 0);
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + shift);
    else super(...args);
  }

  static now() {
    return RealDate.now() + shift;
  }
}

globalThis.Date = ShiftedDate;
