package newtop // want `package newtop is in no layer: add its folder to a layer of tools/layering`
