target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @mfma(i8 addrspace(1)* inreg %arg0, half inreg %arg1, i16 inreg %arg2, float inreg %arg3, i8 inreg %arg4, float inreg %arg5, i32 inreg %arg6, i1 inreg %arg7) "amdgpu-flat-work-group-size"="1,256" "uniform-work-group-size"="true" "amdgpu-waves-per-eu"="0, 0" "denormal-fp-math-f32"="ieee" {
bb0:
	%0 = insertelement <4 x half> undef, half %arg1, i32 0
	%1 = insertelement <4 x half> %0, half %arg1, i32 1
	%2 = insertelement <4 x half> %1, half %arg1, i32 2
	%3 = insertelement <4 x half> %2, half %arg1, i32 3
	%4 = insertelement <4 x half> undef, half %arg1, i32 0
	%5 = insertelement <4 x half> %4, half %arg1, i32 1
	%6 = insertelement <4 x half> %5, half %arg1, i32 2
	%7 = insertelement <4 x half> %6, half %arg1, i32 3
	%8 = insertelement <16 x float> undef, float %arg5, i32 0
	%9 = insertelement <16 x float> %8, float %arg5, i32 1
	%10 = insertelement <16 x float> %9, float %arg5, i32 2
	%11 = insertelement <16 x float> %10, float %arg5, i32 3
	%12 = insertelement <16 x float> %11, float %arg5, i32 4
	%13 = insertelement <16 x float> %12, float %arg5, i32 5
	%14 = insertelement <16 x float> %13, float %arg5, i32 6
	%15 = insertelement <16 x float> %14, float %arg5, i32 7
	%16 = insertelement <16 x float> %15, float %arg5, i32 8
	%17 = insertelement <16 x float> %16, float %arg5, i32 9
	%18 = insertelement <16 x float> %17, float %arg5, i32 10
	%19 = insertelement <16 x float> %18, float %arg5, i32 11
	%20 = insertelement <16 x float> %19, float %arg5, i32 12
	%21 = insertelement <16 x float> %20, float %arg5, i32 13
	%22 = insertelement <16 x float> %21, float %arg5, i32 14
	%23 = insertelement <16 x float> %22, float %arg5, i32 15
	%24 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %3, <4 x half> %7, <16 x float> %23, i32 0, i32 0, i32 0)
	%25 = extractelement <16 x float> %24, i32 0
	%26 = extractelement <16 x float> %24, i32 1
	%27 = extractelement <16 x float> %24, i32 2
	%28 = extractelement <16 x float> %24, i32 3
	%29 = extractelement <16 x float> %24, i32 4
	%30 = extractelement <16 x float> %24, i32 5
	%31 = extractelement <16 x float> %24, i32 6
	%32 = extractelement <16 x float> %24, i32 7
	%33 = extractelement <16 x float> %24, i32 8
	%34 = extractelement <16 x float> %24, i32 9
	%35 = extractelement <16 x float> %24, i32 10
	%36 = extractelement <16 x float> %24, i32 11
	%37 = extractelement <16 x float> %24, i32 12
	%38 = extractelement <16 x float> %24, i32 13
	%39 = extractelement <16 x float> %24, i32 14
	%40 = extractelement <16 x float> %24, i32 15
	%41 = insertelement <4 x half> undef, half %arg1, i32 0
	%42 = insertelement <4 x half> %41, half %arg1, i32 1
	%43 = insertelement <4 x half> %42, half %arg1, i32 2
	%44 = insertelement <4 x half> %43, half %arg1, i32 3
	%45 = insertelement <4 x half> undef, half %arg1, i32 0
	%46 = insertelement <4 x half> %45, half %arg1, i32 1
	%47 = insertelement <4 x half> %46, half %arg1, i32 2
	%48 = insertelement <4 x half> %47, half %arg1, i32 3
	%49 = insertelement <4 x float> undef, float %arg5, i32 0
	%50 = insertelement <4 x float> %49, float %arg5, i32 1
	%51 = insertelement <4 x float> %50, float %arg5, i32 2
	%52 = insertelement <4 x float> %51, float %arg5, i32 3
	%53 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half> %44, <4 x half> %48, <4 x float> %52, i32 0, i32 0, i32 0)
	%54 = extractelement <4 x float> %53, i32 0
	%55 = extractelement <4 x float> %53, i32 1
	%56 = extractelement <4 x float> %53, i32 2
	%57 = extractelement <4 x float> %53, i32 3
	%58 = insertelement <4 x i16> undef, i16 %arg2, i32 0
	%59 = insertelement <4 x i16> %58, i16 %arg2, i32 1
	%60 = insertelement <4 x i16> %59, i16 %arg2, i32 2
	%61 = insertelement <4 x i16> %60, i16 %arg2, i32 3
	%62 = insertelement <4 x i16> undef, i16 %arg2, i32 0
	%63 = insertelement <4 x i16> %62, i16 %arg2, i32 1
	%64 = insertelement <4 x i16> %63, i16 %arg2, i32 2
	%65 = insertelement <4 x i16> %64, i16 %arg2, i32 3
	%66 = insertelement <16 x float> undef, float %arg5, i32 0
	%67 = insertelement <16 x float> %66, float %arg5, i32 1
	%68 = insertelement <16 x float> %67, float %arg5, i32 2
	%69 = insertelement <16 x float> %68, float %arg5, i32 3
	%70 = insertelement <16 x float> %69, float %arg5, i32 4
	%71 = insertelement <16 x float> %70, float %arg5, i32 5
	%72 = insertelement <16 x float> %71, float %arg5, i32 6
	%73 = insertelement <16 x float> %72, float %arg5, i32 7
	%74 = insertelement <16 x float> %73, float %arg5, i32 8
	%75 = insertelement <16 x float> %74, float %arg5, i32 9
	%76 = insertelement <16 x float> %75, float %arg5, i32 10
	%77 = insertelement <16 x float> %76, float %arg5, i32 11
	%78 = insertelement <16 x float> %77, float %arg5, i32 12
	%79 = insertelement <16 x float> %78, float %arg5, i32 13
	%80 = insertelement <16 x float> %79, float %arg5, i32 14
	%81 = insertelement <16 x float> %80, float %arg5, i32 15
	%82 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8bf16.1k(<4 x i16> %61, <4 x i16> %65, <16 x float> %81, i32 0, i32 0, i32 0)
	%83 = extractelement <16 x float> %82, i32 0
	%84 = extractelement <16 x float> %82, i32 1
	%85 = extractelement <16 x float> %82, i32 2
	%86 = extractelement <16 x float> %82, i32 3
	%87 = extractelement <16 x float> %82, i32 4
	%88 = extractelement <16 x float> %82, i32 5
	%89 = extractelement <16 x float> %82, i32 6
	%90 = extractelement <16 x float> %82, i32 7
	%91 = extractelement <16 x float> %82, i32 8
	%92 = extractelement <16 x float> %82, i32 9
	%93 = extractelement <16 x float> %82, i32 10
	%94 = extractelement <16 x float> %82, i32 11
	%95 = extractelement <16 x float> %82, i32 12
	%96 = extractelement <16 x float> %82, i32 13
	%97 = extractelement <16 x float> %82, i32 14
	%98 = extractelement <16 x float> %82, i32 15
	%99 = insertelement <4 x i16> undef, i16 %arg2, i32 0
	%100 = insertelement <4 x i16> %99, i16 %arg2, i32 1
	%101 = insertelement <4 x i16> %100, i16 %arg2, i32 2
	%102 = insertelement <4 x i16> %101, i16 %arg2, i32 3
	%103 = insertelement <4 x i16> undef, i16 %arg2, i32 0
	%104 = insertelement <4 x i16> %103, i16 %arg2, i32 1
	%105 = insertelement <4 x i16> %104, i16 %arg2, i32 2
	%106 = insertelement <4 x i16> %105, i16 %arg2, i32 3
	%107 = insertelement <4 x float> undef, float %arg5, i32 0
	%108 = insertelement <4 x float> %107, float %arg5, i32 1
	%109 = insertelement <4 x float> %108, float %arg5, i32 2
	%110 = insertelement <4 x float> %109, float %arg5, i32 3
	%111 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16> %102, <4 x i16> %106, <4 x float> %110, i32 0, i32 0, i32 0)
	%112 = extractelement <4 x float> %111, i32 0
	%113 = extractelement <4 x float> %111, i32 1
	%114 = extractelement <4 x float> %111, i32 2
	%115 = extractelement <4 x float> %111, i32 3
	%116 = insertelement <16 x float> undef, float %arg5, i32 0
	%117 = insertelement <16 x float> %116, float %arg5, i32 1
	%118 = insertelement <16 x float> %117, float %arg5, i32 2
	%119 = insertelement <16 x float> %118, float %arg5, i32 3
	%120 = insertelement <16 x float> %119, float %arg5, i32 4
	%121 = insertelement <16 x float> %120, float %arg5, i32 5
	%122 = insertelement <16 x float> %121, float %arg5, i32 6
	%123 = insertelement <16 x float> %122, float %arg5, i32 7
	%124 = insertelement <16 x float> %123, float %arg5, i32 8
	%125 = insertelement <16 x float> %124, float %arg5, i32 9
	%126 = insertelement <16 x float> %125, float %arg5, i32 10
	%127 = insertelement <16 x float> %126, float %arg5, i32 11
	%128 = insertelement <16 x float> %127, float %arg5, i32 12
	%129 = insertelement <16 x float> %128, float %arg5, i32 13
	%130 = insertelement <16 x float> %129, float %arg5, i32 14
	%131 = insertelement <16 x float> %130, float %arg5, i32 15
	%132 = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %arg3, float %arg3, <16 x float> %131, i32 0, i32 0, i32 0)
	%133 = extractelement <16 x float> %132, i32 0
	%134 = extractelement <16 x float> %132, i32 1
	%135 = extractelement <16 x float> %132, i32 2
	%136 = extractelement <16 x float> %132, i32 3
	%137 = extractelement <16 x float> %132, i32 4
	%138 = extractelement <16 x float> %132, i32 5
	%139 = extractelement <16 x float> %132, i32 6
	%140 = extractelement <16 x float> %132, i32 7
	%141 = extractelement <16 x float> %132, i32 8
	%142 = extractelement <16 x float> %132, i32 9
	%143 = extractelement <16 x float> %132, i32 10
	%144 = extractelement <16 x float> %132, i32 11
	%145 = extractelement <16 x float> %132, i32 12
	%146 = extractelement <16 x float> %132, i32 13
	%147 = extractelement <16 x float> %132, i32 14
	%148 = extractelement <16 x float> %132, i32 15
	%149 = insertelement <2 x float> undef, float %arg3, i32 0
	%150 = insertelement <2 x float> %149, float %arg3, i32 1
	%151 = insertelement <2 x float> undef, float %arg3, i32 0
	%152 = insertelement <2 x float> %151, float %arg3, i32 1
	%153 = insertelement <4 x float> undef, float %arg5, i32 0
	%154 = insertelement <4 x float> %153, float %arg5, i32 1
	%155 = insertelement <4 x float> %154, float %arg5, i32 2
	%156 = insertelement <4 x float> %155, float %arg5, i32 3
	%157 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x8.xf32(<2 x float> %150, <2 x float> %152, <4 x float> %156, i32 0, i32 0, i32 0)
	%158 = extractelement <4 x float> %157, i32 0
	%159 = extractelement <4 x float> %157, i32 1
	%160 = extractelement <4 x float> %157, i32 2
	%161 = extractelement <4 x float> %157, i32 3
	%162 = insertelement <8 x i8> undef, i8 %arg4, i32 0
	%163 = insertelement <8 x i8> %162, i8 %arg4, i32 1
	%164 = insertelement <8 x i8> %163, i8 %arg4, i32 2
	%165 = insertelement <8 x i8> %164, i8 %arg4, i32 3
	%166 = insertelement <8 x i8> %165, i8 %arg4, i32 4
	%167 = insertelement <8 x i8> %166, i8 %arg4, i32 5
	%168 = insertelement <8 x i8> %167, i8 %arg4, i32 6
	%169 = insertelement <8 x i8> %168, i8 %arg4, i32 7
	%170 = bitcast <8 x i8> %169 to i64
	%171 = insertelement <8 x i8> undef, i8 %arg4, i32 0
	%172 = insertelement <8 x i8> %171, i8 %arg4, i32 1
	%173 = insertelement <8 x i8> %172, i8 %arg4, i32 2
	%174 = insertelement <8 x i8> %173, i8 %arg4, i32 3
	%175 = insertelement <8 x i8> %174, i8 %arg4, i32 4
	%176 = insertelement <8 x i8> %175, i8 %arg4, i32 5
	%177 = insertelement <8 x i8> %176, i8 %arg4, i32 6
	%178 = insertelement <8 x i8> %177, i8 %arg4, i32 7
	%179 = bitcast <8 x i8> %178 to i64
	%180 = insertelement <16 x i32> undef, i32 %arg6, i32 0
	%181 = insertelement <16 x i32> %180, i32 %arg6, i32 1
	%182 = insertelement <16 x i32> %181, i32 %arg6, i32 2
	%183 = insertelement <16 x i32> %182, i32 %arg6, i32 3
	%184 = insertelement <16 x i32> %183, i32 %arg6, i32 4
	%185 = insertelement <16 x i32> %184, i32 %arg6, i32 5
	%186 = insertelement <16 x i32> %185, i32 %arg6, i32 6
	%187 = insertelement <16 x i32> %186, i32 %arg6, i32 7
	%188 = insertelement <16 x i32> %187, i32 %arg6, i32 8
	%189 = insertelement <16 x i32> %188, i32 %arg6, i32 9
	%190 = insertelement <16 x i32> %189, i32 %arg6, i32 10
	%191 = insertelement <16 x i32> %190, i32 %arg6, i32 11
	%192 = insertelement <16 x i32> %191, i32 %arg6, i32 12
	%193 = insertelement <16 x i32> %192, i32 %arg6, i32 13
	%194 = insertelement <16 x i32> %193, i32 %arg6, i32 14
	%195 = insertelement <16 x i32> %194, i32 %arg6, i32 15
	%196 = call <16 x i32> @llvm.amdgcn.mfma.i32.32x32x16.i8(i64 %170, i64 %179, <16 x i32> %195, i32 0, i32 0, i32 0)
	%197 = extractelement <16 x i32> %196, i32 0
	%198 = extractelement <16 x i32> %196, i32 1
	%199 = extractelement <16 x i32> %196, i32 2
	%200 = extractelement <16 x i32> %196, i32 3
	%201 = extractelement <16 x i32> %196, i32 4
	%202 = extractelement <16 x i32> %196, i32 5
	%203 = extractelement <16 x i32> %196, i32 6
	%204 = extractelement <16 x i32> %196, i32 7
	%205 = extractelement <16 x i32> %196, i32 8
	%206 = extractelement <16 x i32> %196, i32 9
	%207 = extractelement <16 x i32> %196, i32 10
	%208 = extractelement <16 x i32> %196, i32 11
	%209 = extractelement <16 x i32> %196, i32 12
	%210 = extractelement <16 x i32> %196, i32 13
	%211 = extractelement <16 x i32> %196, i32 14
	%212 = extractelement <16 x i32> %196, i32 15
	%213 = insertelement <8 x i8> undef, i8 %arg4, i32 0
	%214 = insertelement <8 x i8> %213, i8 %arg4, i32 1
	%215 = insertelement <8 x i8> %214, i8 %arg4, i32 2
	%216 = insertelement <8 x i8> %215, i8 %arg4, i32 3
	%217 = insertelement <8 x i8> %216, i8 %arg4, i32 4
	%218 = insertelement <8 x i8> %217, i8 %arg4, i32 5
	%219 = insertelement <8 x i8> %218, i8 %arg4, i32 6
	%220 = insertelement <8 x i8> %219, i8 %arg4, i32 7
	%221 = bitcast <8 x i8> %220 to i64
	%222 = insertelement <8 x i8> undef, i8 %arg4, i32 0
	%223 = insertelement <8 x i8> %222, i8 %arg4, i32 1
	%224 = insertelement <8 x i8> %223, i8 %arg4, i32 2
	%225 = insertelement <8 x i8> %224, i8 %arg4, i32 3
	%226 = insertelement <8 x i8> %225, i8 %arg4, i32 4
	%227 = insertelement <8 x i8> %226, i8 %arg4, i32 5
	%228 = insertelement <8 x i8> %227, i8 %arg4, i32 6
	%229 = insertelement <8 x i8> %228, i8 %arg4, i32 7
	%230 = bitcast <8 x i8> %229 to i64
	%231 = insertelement <4 x float> undef, float %arg5, i32 0
	%232 = insertelement <4 x float> %231, float %arg5, i32 1
	%233 = insertelement <4 x float> %232, float %arg5, i32 2
	%234 = insertelement <4 x float> %233, float %arg5, i32 3
	%235 = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8(i64 %221, i64 %230, <4 x float> %234, i32 0, i32 0, i32 0)
	%236 = extractelement <4 x float> %235, i32 0
	%237 = extractelement <4 x float> %235, i32 1
	%238 = extractelement <4 x float> %235, i32 2
	%239 = extractelement <4 x float> %235, i32 3
	call void @llvm.amdgcn.sched.barrier(i32 0)
	call void @llvm.amdgcn.sched.group.barrier(i32 8, i32 1, i32 0)
	call void @llvm.amdgcn.s.setprio(i16 1)
	br i1 %arg7, label %bb0.then1, label %bb0.join2

bb0.then1:
	fence syncscope("workgroup") release
	call void @llvm.amdgcn.s.barrier()
	fence syncscope("workgroup") acquire
	br label %bb0.join2

bb0.join2:
	%240 = fadd float %40, %57
	%241 = fadd float %240, %83
	%242 = fadd float %241, %113
	%243 = fadd float %242, %135
	%244 = fadd float %243, %161
	%245 = fadd float %244, %236
	%246 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	store float %245, float addrspace(1)* %246
	%247 = bitcast i8 addrspace(1)* %arg0 to float addrspace(1)*
	%248 = getelementptr float, float addrspace(1)* %247, i32 1
	%249 = bitcast float addrspace(1)* %248 to i8 addrspace(1)*
	%250 = bitcast i8 addrspace(1)* %249 to i32 addrspace(1)*
	store i32 %202, i32 addrspace(1)* %250
	%251 = select i1 %arg7, i32 %arg6, i32 -2147483648
	%252 = call i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %arg0, i16 0, i32 u0x7FFFFFFE, i32 159744)
	%253 = call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(i8 addrspace(8)* %252, i32 %251, i32 0, i32 0)
	%254 = extractelement <4 x i32> %253, i32 0
	%255 = extractelement <4 x i32> %253, i32 1
	%256 = extractelement <4 x i32> %253, i32 2
	%257 = extractelement <4 x i32> %253, i32 3
	%258 = bitcast i32 %254 to float
	%259 = bitcast i32 %255 to float
	%260 = bitcast i32 %256 to float
	%261 = bitcast i32 %257 to float
	%262 = select i1 %arg7, i32 %arg6, i32 -2147483648
	%263 = call i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %arg0, i16 0, i32 u0x7FFFFFFE, i32 159744)
	%264 = call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(i8 addrspace(8)* %263, i32 %262, i32 0, i32 0)
	%265 = bitcast i16 %264 to half
	%266 = select i1 %arg7, half %265, half %arg1
	%267 = select i1 %arg7, i32 %arg6, i32 -2147483648
	%268 = call i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %arg0, i16 0, i32 u0x7FFFFFFE, i32 159744)
	%269 = call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(i8 addrspace(8)* %268, i32 %267, i32 0, i32 0)
	%270 = bitcast i16 %269 to <2 x i8>
	%271 = extractelement <2 x i8> %270, i32 0
	%272 = extractelement <2 x i8> %270, i32 1
	%273 = select i1 %arg7, i8 %271, i8 %arg4
	%274 = select i1 %arg7, i8 %272, i8 %arg4
	%275 = select i1 %arg7, i32 %arg6, i32 -2147483648
	%276 = call i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %arg0, i16 0, i32 u0x7FFFFFFE, i32 159744)
	%277 = bitcast float %258 to i32
	%278 = bitcast float %261 to i32
	%279 = insertelement <2 x i32> undef, i32 %277, i32 0
	%280 = insertelement <2 x i32> %279, i32 %278, i32 1
	call void @llvm.amdgcn.raw.ptr.buffer.store.v2i32(<2 x i32> %280, i8 addrspace(8)* %276, i32 %275, i32 0, i32 0)
	%281 = select i1 %arg7, i32 %arg6, i32 -2147483648
	%282 = call i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %arg0, i16 0, i32 u0x7FFFFFFE, i32 159744)
	%283 = bitcast half %266 to i16
	call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %283, i8 addrspace(8)* %282, i32 %281, i32 0, i32 0)
	%284 = select i1 %arg7, i32 %arg6, i32 -2147483648
	%285 = call i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %arg0, i16 0, i32 u0x7FFFFFFE, i32 159744)
	call void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8 %274, i8 addrspace(8)* %285, i32 %284, i32 0, i32 0)
	ret void
}

declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %0, <4 x half> %1, <16 x float> %2, i32 %3, i32 %4, i32 %5)

declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x16f16(<4 x half> %0, <4 x half> %1, <4 x float> %2, i32 %3, i32 %4, i32 %5)

declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8bf16.1k(<4 x i16> %0, <4 x i16> %1, <16 x float> %2, i32 %3, i32 %4, i32 %5)

declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x16bf16.1k(<4 x i16> %0, <4 x i16> %1, <4 x float> %2, i32 %3, i32 %4, i32 %5)

declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x2f32(float %0, float %1, <16 x float> %2, i32 %3, i32 %4, i32 %5)

declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x8.xf32(<2 x float> %0, <2 x float> %1, <4 x float> %2, i32 %3, i32 %4, i32 %5)

declare <16 x i32> @llvm.amdgcn.mfma.i32.32x32x16.i8(i64 %0, i64 %1, <16 x i32> %2, i32 %3, i32 %4, i32 %5)

declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8(i64 %0, i64 %1, <4 x float> %2, i32 %3, i32 %4, i32 %5)

declare void @llvm.amdgcn.sched.barrier(i32 %0)

declare void @llvm.amdgcn.sched.group.barrier(i32 %0, i32 %1, i32 %2)

declare void @llvm.amdgcn.s.setprio(i16 %0)

declare void @llvm.amdgcn.s.barrier()

declare i8 addrspace(8)* @llvm.amdgcn.make.buffer.rsrc.p1(i8 addrspace(1)* %0, i16 %1, i32 %2, i32 %3)

declare <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(i8 addrspace(8)* %0, i32 %1, i32 %2, i32 %3)

declare i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(i8 addrspace(8)* %0, i32 %1, i32 %2, i32 %3)

declare void @llvm.amdgcn.raw.ptr.buffer.store.v2i32(<2 x i32> %0, i8 addrspace(8)* %1, i32 %2, i32 %3, i32 %4)

declare void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 %0, i8 addrspace(8)* %1, i32 %2, i32 %3, i32 %4)

declare void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8 %0, i8 addrspace(8)* %1, i32 %2, i32 %3, i32 %4)
