package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpu.table_load: element i of the op's table, i read as a signed
// integer of the index's width. The emitters leave an index outside the
// table undefined (they load whatever lies at its address); here it is a
// fault of the thread, located at the op.

func init() {
	define(func(c *compiler, in *instr) error {
		vals := gpu.TableLoadView{Operation: in.op}.Table()
		if len(vals) == 0 {
			return fmt.Errorf("gpu.table_load has no table")
		}
		in.step = func(th *thread, in *instr) error {
			i := ir.SignExtend(th.regs[in.a], in.w)
			if i < 0 || i >= int64(len(vals)) {
				return fmt.Errorf("gpu.table_load index %d is outside the table of %d elements", i, len(vals))
			}
			th.regs[in.d] = uint64(vals[i]) & in.mask
			return nil
		}
		return nil
	}, gpu.TableLoadOp)
}
